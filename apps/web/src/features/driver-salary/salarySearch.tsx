import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { DriverSelect, type SearchField } from '../../kit';
import { texts } from '../../locales';

const t = texts.driverSalary;

/** This month, 'YYYY-MM'. */
export const thisMonth = () => dayjs().format('YYYY-MM');

/** A month picker holding 'YYYY-MM' text. */
export function MonthInput({
  value,
  onChange,
}: {
  value?: string;
  onChange?: (value: string | undefined) => void;
}) {
  return (
    <DatePicker
      picker="month"
      allowClear={false}
      style={{ width: 140 }}
      placeholder={t.monthPlaceholder}
      value={value ? dayjs(`${value}-01`) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM') : undefined)}
    />
  );
}

/** 月份, 司机, 所属车队: the search of both salary pages. */
export const SALARY_SEARCH: readonly SearchField[] = [
  { name: 'month', label: t.month, type: 'custom', control: <MonthInput /> },
  { name: 'driverId', label: t.driver, type: 'custom', control: <DriverSelect style={{ width: 200 }} /> },
  { name: 'teamCode', label: t.team, type: 'team' },
];
