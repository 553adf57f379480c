import { formatDate, last31Days } from '@fleet/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Flex, Form, Segmented, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { CustomerSelect } from '../../kit';
import { texts } from '../../locales';
import {
  fetchStatistics,
  type PeriodType,
  type StatisticsGroupBy,
  type StatisticsQuery,
  type StatisticsRow,
} from './api';
import { yuan } from './ReceivableDialogs';

const t = texts.receivables;
const s = t.statistics;
const common = texts.kit.common;

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

function firstQuery(): StatisticsQuery {
  const [from, to] = last31Days(new Date());
  return {
    startDate: formatDate(from),
    endDate: formatDate(to),
    periodType: 'month',
    groupBy: 'customerPeriod',
  };
}

const MONEY: [keyof StatisticsRow, string][] = [
  ['freightFen', t.freight],
  ['feeIncomeFen', t.feeIncome],
  ['incomeFen', t.income],
  ['adjustFen', t.adjust],
  ['confirmedFen', t.confirmed],
  ['checkFen', t.checked],
  ['anomalyFen', t.anomaly],
];

/** 应收统计: completed waybills by customer and day or month, with a total row. */
export function ReceivableStatistics() {
  const [query, setQuery] = useState<StatisticsQuery>(firstQuery);
  const [form] = Form.useForm<{ range: [Dayjs, Dayjs]; customerId?: number }>();
  const answer = useQuery({
    queryKey: ['receivable-statistics', query],
    queryFn: ({ signal }) => fetchStatistics(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = answer.data?.list ?? [];
  const total = answer.data?.totalRow;
  const byCustomer = query.groupBy !== 'period';
  const byPeriod = query.groupBy !== 'customer';

  const columns = [
    ...(byCustomer
      ? [{ key: 'customerName', dataIndex: 'customerName', title: t.customer, width: 200, ellipsis: true }]
      : []),
    ...(byPeriod ? [{ key: 'period', dataIndex: 'period', title: s.period, width: 110 }] : []),
    { key: 'waybills', dataIndex: 'waybills', title: s.waybills, width: 90, align: 'right' as const },
    ...MONEY.map(([key, title]) => ({
      key,
      dataIndex: key,
      title,
      width: 120,
      align: 'right' as const,
      render: (v: number) => yuan(v),
    })),
  ];
  const leading = (byCustomer ? 1 : 0) + (byPeriod ? 1 : 0);

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Form
          form={form}
          name="receivable-statistics"
          layout="inline"
          style={{ rowGap: 12 }}
          initialValues={{ range: [dayjs(query.startDate), dayjs(query.endDate)] }}
          onFinish={(values) => {
            const first = firstQuery();
            const [from, to] = values.range ?? [];
            setQuery((q) => ({
              ...q,
              startDate: from ? day(from) : first.startDate,
              endDate: to ? day(to) : first.endDate,
              customerId: values.customerId || undefined,
            }));
          }}
        >
          <Form.Item name="range" label={s.range}>
            <DatePicker.RangePicker allowClear={false} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="customerId" label={t.customer}>
            <CustomerSelect allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit">
                {common.search}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setQuery(firstQuery());
                }}
              >
                {common.reset}
              </Button>
            </Flex>
          </Form.Item>
        </Form>
      </Card>
      <Card size="small">
        <Flex align="center" wrap gap={16} style={{ marginBottom: 12 }}>
          <Flex align="center" gap={8}>
            <Typography.Text>{s.periodType}</Typography.Text>
            <Segmented
              aria-label={s.periodType}
              value={query.periodType}
              options={s.periods.map((p) => ({ value: p.value, label: p.label }))}
              onChange={(value) => setQuery((q) => ({ ...q, periodType: value as PeriodType }))}
            />
          </Flex>
          <Flex align="center" gap={8}>
            <Typography.Text>{s.groupBy}</Typography.Text>
            <Segmented
              aria-label={s.groupBy}
              value={query.groupBy}
              options={s.groups.map((g) => ({ value: g.value, label: g.label }))}
              onChange={(value) => setQuery((q) => ({ ...q, groupBy: value as StatisticsGroupBy }))}
            />
          </Flex>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {s.rule}
        </Typography.Paragraph>
        <Table<StatisticsRow>
          rowKey={(r) => `${r.customerId ?? ''}:${r.period}`}
          size="middle"
          loading={answer.isFetching}
          columns={columns}
          dataSource={rows}
          pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          scroll={{ x: 1200 }}
          locale={{ emptyText: <Empty description={t.empty}>{t.emptyHint}</Empty> }}
          summary={() =>
            total && rows.length > 0 ? (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={leading}>
                    <Typography.Text strong>{t.totals}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={leading} align="right">
                    <Typography.Text strong>{total.waybills}</Typography.Text>
                  </Table.Summary.Cell>
                  {MONEY.map(([key], i) => (
                    <Table.Summary.Cell key={key} index={leading + 1 + i} align="right">
                      <Typography.Text strong>{yuan(total[key] as number)}</Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Card>
    </Flex>
  );
}
