import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useState } from 'react';
import type { ListPage } from '../../api/common';
import { StatisticsTotalRow } from '../../kit/statistics/StatisticsParts';
import { texts } from '../../locales';
import type { Figures } from './api';

const t = texts.energy;

/**
 * A paged report table: the rows of `fetch` for the query, loading, error with 重试, 暂无数据, and a
 * 合计 row a unit when the answer has totals (the cells from `totalCells`).
 */
export function ReportTable<T extends object>({
  name,
  queryKey,
  fetch,
  columns,
  rowKey,
  width,
  totalCells,
  leading = 1,
}: {
  name: string;
  queryKey: unknown[];
  fetch: (
    paging: { pageNum: number; pageSize: number },
    signal: AbortSignal,
  ) => Promise<ListPage<T> & { totalRow?: Figures[] }>;
  columns: ColumnsType<T>;
  rowKey: (row: T) => string;
  width: number;
  totalCells?: (total: Figures) => ReactNode[];
  /** Columns the 合计 label spans. */
  leading?: number;
}) {
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const key = JSON.stringify(queryKey);
  // a new query starts at its first page
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query key is the trigger
  useEffect(() => setPaging((p) => ({ ...p, pageNum: 1 })), [key]);
  const answer = useQuery({
    queryKey: [...queryKey, paging],
    queryFn: ({ signal }) => fetch(paging, signal),
    placeholderData: keepPreviousData,
  });
  if (answer.isError && !answer.data)
    return (
      <Alert
        type="error"
        showIcon
        message={t.loadFailed}
        action={<Button onClick={() => void answer.refetch()}>{t.retry}</Button>}
      />
    );
  const rows = answer.data?.list ?? [];
  const totals = answer.data?.totalRow ?? [];
  return (
    <Table<T>
      aria-label={name}
      rowKey={rowKey}
      size="middle"
      loading={answer.isFetching}
      columns={columns}
      dataSource={rows}
      scroll={{ x: width }}
      locale={{ emptyText: <Empty description={t.empty} /> }}
      pagination={{
        current: paging.pageNum,
        pageSize: paging.pageSize,
        total: answer.data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (n) => `共 ${n} 条`,
        onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
      }}
      summary={() =>
        totalCells && rows.length > 0
          ? totals.map((total) => (
              <StatisticsTotalRow
                key={total.unit}
                label={`${t.total}(${total.unit})`}
                leading={leading}
                cells={totalCells(total)}
              />
            ))
          : null
      }
    />
  );
}
