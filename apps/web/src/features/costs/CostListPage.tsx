import { COST_TYPE } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Flex, Space, Statistic, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { type ListFetch, ListPage, recordColumns, recordToolbar, useRecordDialogs } from '../../kit';
import { texts } from '../../locales';
import { type CostRow, type CostTotals, fetchCosts, fetchCostTypes } from './api';
import { costRecordOf } from './cost.record';

const t = texts.costs;

/** 合计 of the filtered costs: the amount, the count, and each type's amount (and litres). */
function TotalsBar({ totals }: { totals: CostTotals | undefined }) {
  if (!totals) return null;
  return (
    <Flex align="center" gap={16} wrap data-testid="cost-totals">
      <Statistic
        title={t.total}
        value={totals.amount}
        prefix="¥"
        valueStyle={{ fontSize: 18, color: '#cf1322' }}
      />
      <Typography.Text type="secondary">{t.totalCount(totals.count)}</Typography.Text>
      <Space size={[8, 4]} wrap>
        {totals.byType.map((x) => (
          <Tag
            key={`${x.costType}-${x.feeTypeId ?? 0}`}
            color={x.costType === COST_TYPE.custom ? 'purple' : 'blue'}
          >
            {x.name} ¥{x.amount}
            {x.quantity && x.unit ? ` · ${x.quantity}${x.unit}` : ''}
          </Tag>
        ))}
      </Space>
    </Flex>
  );
}

/** A cost list page of one type with add, edit, delete, import, export and the totals of the filter. */
export function CostListPage({ kind }: { kind: number }) {
  const types = useQuery({
    queryKey: ['costs', 'types'],
    queryFn: fetchCostTypes,
    enabled: kind === COST_TYPE.sundry,
  });
  const customTypes = useMemo(
    () =>
      (types.data ?? [])
        .filter((o) => o.costType === COST_TYPE.sundry || o.custom)
        .map((o) => ({ value: o.custom ? `5-${o.feeTypeId}` : String(o.costType), label: o.name })),
    [types.data],
  );
  const record = useMemo(() => costRecordOf(kind, customTypes), [kind, customTypes]);
  const { actions, exportList, dialogs } = useRecordDialogs(record);
  const columns = useMemo(() => recordColumns(record, actions), [record, actions]);
  const [totals, setTotals] = useState<CostTotals>();
  const toQuery = record.toQuery;
  const fetchList = useCallback<ListFetch<CostRow>>(
    async (params, signal) => {
      const page = await fetchCosts(toQuery ? toQuery(params) : params, signal);
      setTotals(page.totals);
      return page;
    },
    [toQuery],
  );
  const toolbar = recordToolbar(record, actions, exportList);
  return (
    <>
      <ListPage<CostRow>
        ref={actions.list}
        listKey={record.listKey}
        columnSettingsKey={record.listKey}
        fetchList={fetchList}
        columns={columns}
        rowKey="id"
        searchFields={record.searchFields}
        toolbar={{ ...toolbar, extra: <TotalsBar totals={totals} /> }}
      />
      {dialogs}
    </>
  );
}
