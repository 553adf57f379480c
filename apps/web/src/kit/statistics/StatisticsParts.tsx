import { Button, Card, DatePicker, Flex, Form, Segmented, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { texts } from '../../locales';

const common = texts.kit.common;

/** A statistics query's days, 'YYYY-MM-DD' in Shanghai. */
export interface StatisticsRange {
  startDate: string;
  endDate: string;
}

export interface StatisticsSearchProps<V extends object> {
  /** The form's name (field ids are prefixed with it). */
  name: string;
  rangeLabel: string;
  /** The page's first range: shown at the start and sent when the range is cleared. */
  firstRange: () => StatisticsRange;
  /** The range as days with the page's own items (`children`) as entered. */
  onSearch: (values: StatisticsRange & Partial<V>) => void;
  /** After 重置 put the form back; the page goes back to its first query. */
  onReset: () => void;
  /** The page's own filter items beside the range. */
  children?: ReactNode;
}

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The search card of a statistics page: 日期范围, the page's own items, 查询 and 重置. */
export function StatisticsSearch<V extends object>({
  name,
  rangeLabel,
  firstRange,
  onSearch,
  onReset,
  children,
}: StatisticsSearchProps<V>) {
  const [form] = Form.useForm();
  const initial = () => {
    const first = firstRange();
    return { range: [dayjs(first.startDate), dayjs(first.endDate)] };
  };
  return (
    <Card size="small">
      <Form
        form={form}
        name={name}
        layout="inline"
        style={{ rowGap: 12 }}
        initialValues={initial()}
        onFinish={({ range, ...rest }: { range?: [Dayjs, Dayjs] | null } & Partial<V>) => {
          const [from, to] = range ?? [];
          const first = firstRange();
          onSearch({
            ...(rest as Partial<V>),
            startDate: from ? day(from) : first.startDate,
            endDate: to ? day(to) : first.endDate,
          });
        }}
      >
        <Form.Item name="range" label={rangeLabel}>
          <DatePicker.RangePicker allowClear={false} style={{ width: 260 }} />
        </Form.Item>
        {children}
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit">
              {common.search}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onReset();
              }}
            >
              {common.reset}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** A label and its Segmented choice (分组方式, 统计周期…) above a statistics table. */
export function LabeledSegmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  /** The choices; their values are the page's `T`. */
  options: readonly { value: string; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <Flex align="center" gap={8}>
      <Typography.Text>{label}</Typography.Text>
      <Segmented
        aria-label={label}
        value={value}
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        onChange={(v) => onChange(v as T)}
      />
    </Flex>
  );
}

/**
 * A statistics table's 合计 row for its `summary`: the label over the `leading` name columns, then
 * one bold right-aligned cell per figure column in order; nothing while the table has no rows.
 */
export function StatisticsTotalRow({
  label,
  leading = 1,
  cells,
}: {
  label: string;
  leading?: number;
  cells: readonly ReactNode[] | undefined;
}) {
  if (!cells) return null;
  return (
    <Table.Summary fixed>
      <Table.Summary.Row>
        <Table.Summary.Cell index={0} colSpan={leading}>
          <Typography.Text strong>{label}</Typography.Text>
        </Table.Summary.Cell>
        {cells.map((value, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the cells are the fixed figure columns in order
          <Table.Summary.Cell key={i} index={leading + i} align="right">
            <Typography.Text strong>{value}</Typography.Text>
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
