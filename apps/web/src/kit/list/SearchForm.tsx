import { formatDate, last7Days, last31Days, lastMonth, lastWeek } from '@fleet/domain';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { texts } from '../../locales';
import { TeamTreeSelect } from '../pickers/TeamTreeSelect';
import { compactQuery, dayRangeText } from './searchQuery';

const t = texts.kit;

/** One control of a list page's search form. */
export interface SearchField {
  /** Form field name, and the query key (except for dateRange). */
  name: string;
  label: string;
  /** input (default), select (with options), team (team tree), dateRange (Shanghai days), custom (control). */
  type?: 'input' | 'select' | 'team' | 'dateRange' | 'custom';
  placeholder?: string;
  options?: { label: string; value: string | number }[];
  /** dateRange: the query keys of the start and end times; `${name}Start`, `${name}End` by default. */
  rangeKeys?: [string, string];
  /** custom: the control to render (it receives value and onChange from the form). */
  control?: ReactNode;
  /** Control width in px; 180 by default. */
  width?: number;
}

export interface SearchFormProps {
  fields: readonly SearchField[];
  initialValues?: Record<string, unknown>;
  /** The query of the submitted form: empty values left out, date ranges as start and end times. */
  onSearch: (query: Record<string, unknown>) => void;
}

const toDayjs = (range: [Date, Date]): [Dayjs, Dayjs] => [
  dayjs(formatDate(range[0])),
  dayjs(formatDate(range[1])),
];

function rangePresets() {
  const now = new Date();
  return [
    { label: t.list.last7Days, value: toDayjs(last7Days(now)) },
    { label: t.list.last31Days, value: toDayjs(last31Days(now)) },
    { label: t.list.lastWeek, value: toDayjs(lastWeek(now)) },
    { label: t.list.lastMonth, value: toDayjs(lastMonth(now)) },
  ];
}

function control(field: SearchField): ReactNode {
  const width = field.width ?? 180;
  switch (field.type) {
    case 'select':
      return (
        <Select
          allowClear
          style={{ width }}
          placeholder={field.placeholder ?? t.common.pleaseSelect}
          options={field.options}
        />
      );
    case 'team':
      return <TeamTreeSelect style={{ width }} placeholder={field.placeholder} />;
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          style={{ width: field.width ?? 260 }}
          presets={rangePresets()}
          placeholder={[t.list.startDate, t.list.endDate]}
        />
      );
    case 'custom':
      return field.control;
    default:
      return <Input allowClear style={{ width }} placeholder={field.placeholder ?? t.common.pleaseInput} />;
  }
}

/** Turns the form's values into the list query. */
export function searchQuery(
  fields: readonly SearchField[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const query: Record<string, unknown> = { ...values };
  for (const field of fields) {
    if (field.type !== 'dateRange') continue;
    const range = values[field.name] as [Dayjs, Dayjs] | null | undefined;
    delete query[field.name];
    const [startKey, endKey] = field.rangeKeys ?? [`${field.name}Start`, `${field.name}End`];
    if (range?.[0] && range[1]) [query[startKey], query[endKey]] = dayRangeText(range[0], range[1]);
  }
  return compactQuery(query);
}

/** The search form above a list: the fields in a row, then 查询 and 重置. */
export function SearchForm({ fields, initialValues, onSearch }: SearchFormProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  return (
    <Form
      form={form}
      name="search"
      layout="inline"
      initialValues={initialValues}
      onFinish={(values) => onSearch(searchQuery(fields, values))}
      style={{ rowGap: 12 }}
    >
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label}>
          {control(field)}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t.common.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch(searchQuery(fields, form.getFieldsValue(true)));
            }}
          >
            {t.common.reset}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
