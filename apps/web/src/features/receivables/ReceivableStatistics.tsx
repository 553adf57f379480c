import { formatDate, last31Days } from '@fleet/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Form, Table, Typography } from 'antd';
import { useState } from 'react';
import { CustomerSelect } from '../../kit';
import { LabeledSegmented, StatisticsSearch, StatisticsTotalRow } from '../../kit/statistics/StatisticsParts';
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
      <StatisticsSearch<{ customerId?: number }>
        name="receivable-statistics"
        rangeLabel={s.range}
        firstRange={firstQuery}
        onSearch={({ startDate, endDate, customerId }) =>
          setQuery((q) => ({ ...q, startDate, endDate, customerId: customerId || undefined }))
        }
        onReset={() => setQuery(firstQuery())}
      >
        <Form.Item name="customerId" label={t.customer}>
          <CustomerSelect allowClear style={{ width: 200 }} />
        </Form.Item>
      </StatisticsSearch>
      <Card size="small">
        <Flex align="center" wrap gap={16} style={{ marginBottom: 12 }}>
          <LabeledSegmented<PeriodType>
            label={s.periodType}
            value={query.periodType}
            options={s.periods}
            onChange={(periodType) => setQuery((q) => ({ ...q, periodType }))}
          />
          <LabeledSegmented<StatisticsGroupBy>
            label={s.groupBy}
            value={query.groupBy}
            options={s.groups}
            onChange={(groupBy) => setQuery((q) => ({ ...q, groupBy }))}
          />
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
          summary={() => (
            <StatisticsTotalRow
              label={t.totals}
              leading={leading}
              cells={
                total && rows.length > 0
                  ? [total.waybills, ...MONEY.map(([key]) => yuan(total[key] as number))]
                  : undefined
              }
            />
          )}
        />
      </Card>
    </Flex>
  );
}
