import { DatePicker } from 'antd';
import dayjs from 'dayjs';

export interface DateFieldProps {
  id?: string;
  /** 'YYYY-MM-DD', or '' / undefined for none. */
  value?: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
}

/** A date picker whose value is the 'YYYY-MM-DD' text the API takes. */
export function DateField({ id, value, onChange, placeholder, disabled }: DateFieldProps) {
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      placeholder={placeholder ?? '请选择日期'}
      disabled={disabled}
      onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : '')}
    />
  );
}
