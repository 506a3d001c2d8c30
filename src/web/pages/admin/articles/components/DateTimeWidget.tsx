/** A moment (date and time) as an ISO string, picked in the administrator's time zone (a scheduled publication). */
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { WidgetProps } from '@rjsf/utils';

export function DateTimeWidget({ id, value, onChange, disabled, readonly, placeholder }: WidgetProps) {
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm', minuteStep: 5 }}
      format="DD/MM/YYYY HH:mm"
      value={value ? dayjs(value as string) : null}
      onChange={(next) => onChange(next ? next.second(0).millisecond(0).toISOString() : null)}
      disabled={disabled || readonly}
      placeholder={placeholder}
      disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
      style={{ width: '100%' }}
    />
  );
}
