/** A Markdown text with a preview tab rendered exactly as the public pages render it (components/Markdown: safe). */
import { Input, Tabs } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/Markdown';

export function MarkdownWidget({ id, value, onChange, disabled, readonly, onBlur, options }: WidgetProps) {
  const { t } = useTranslation();
  const text = (value as string | undefined) ?? '';
  const rows = typeof options['rows'] === 'number' ? options['rows'] : 10;
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'write',
          label: t('offers.form.write'),
          children: (
            <Input.TextArea
              id={id}
              rows={rows}
              value={text}
              disabled={disabled || readonly}
              onChange={(event) => onChange(event.target.value || undefined)}
              onBlur={() => onBlur(id, text)}
            />
          ),
        },
        {
          key: 'preview',
          label: t('offers.form.preview'),
          children: text.trim() ? (
            <Markdown source={text} className="markdown offer-preview-body" />
          ) : (
            <p className="muted">{t('offers.form.nothingYet')}</p>
          ),
        },
      ]}
    />
  );
}
