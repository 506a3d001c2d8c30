/**
 * Every enum field of a <SchemaForm> (issue 25 §9). rjsf's antd SelectWidget puts its placeholder in the list as a
 * first option (value ''), so "Choose one" could be picked as if it were an answer. Here the placeholder is only
 * antd's placeholder; an optional field is emptied with antd's clear button instead.
 */
import { useMemo } from 'react';
import { Select } from 'antd';
import {
  ariaDescribedByIds,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  type WidgetProps,
} from '@rjsf/utils';

export function SelectWidget({
  autofocus,
  disabled,
  id,
  htmlName,
  multiple,
  onBlur,
  onChange,
  onFocus,
  options,
  placeholder,
  readonly,
  required,
  value,
}: WidgetProps) {
  const { enumOptions, enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (next: unknown) => enumOptionValueDecoder(next as string, enumOptions, format, emptyValue);
  const choices = useMemo(
    () =>
      (enumOptions ?? []).map(({ value: optionValue, label }, index) => ({
        key: String(index),
        value: enumOptionValueEncoder(optionValue, index, format),
        label,
        disabled: Array.isArray(enumDisabled) && enumDisabled.includes(optionValue),
      })),
    [enumOptions, enumDisabled, format],
  );
  return (
    <Select
      id={id}
      {...{ name: htmlName || id }}
      autoFocus={autofocus}
      disabled={disabled || readonly}
      mode={multiple ? 'multiple' : undefined}
      allowClear={!required || multiple}
      placeholder={placeholder || undefined}
      style={{ width: '100%' }}
      value={enumOptionSelectedValue(value, enumOptions, !!multiple, format, emptyValue)}
      onChange={(next) => onChange(decode(next))}
      onBlur={() => onBlur(id, decode(value))}
      onFocus={() => onFocus(id, decode(value))}
      showSearch
      optionFilterProp="label"
      getPopupContainer={(node: HTMLElement) => node.parentElement ?? document.body}
      aria-describedby={ariaDescribedByIds(id)}
      options={choices}
    />
  );
}
