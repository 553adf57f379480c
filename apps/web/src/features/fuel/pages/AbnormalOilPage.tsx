import { ABNORMAL_OIL_TYPE_LABELS } from '@fleet/domain';
import { Button, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { type ListColumn, ListPage, type SearchField, useListExport, WithQueryClient } from '../../../kit';
import { texts } from '../../../locales';
import { type AbnormalOil, exportAbnormal, fetchAbnormal } from '../api';
import { FuelTrendDrawer, type FuelTrendTarget } from '../FuelTrendDrawer';
import { periodField, teamField, truckField } from '../searchFields';

const t = texts.fuel;
const a = t.abnormal;
const TYPE_COLORS: Record<number, string> = { 1: 'red', 2: 'volcano', 3: 'orange', 4: 'purple' };

/**
 * 异常油耗 (/oil-consumption/abnormal, car050113): drops while parked (suspected theft, with the 5012
 * alarm), drops while driving, rises without a refuel record and refuel records with no refuel in the
 * tank, each with its evidence and the level curve around it.
 */
export default function AbnormalOilPage() {
  const [counts, setCounts] = useState<Record<string, number>>();
  const [trend, setTrend] = useState<FuelTrendTarget | null>(null);
  const onExport = useListExport(exportAbnormal, a.exported);
  const search = useMemo<SearchField[]>(
    () => [
      truckField(),
      teamField(),
      periodField(),
      {
        name: 'abnormalType',
        label: a.type,
        type: 'select',
        width: 170,
        options: Object.entries(ABNORMAL_OIL_TYPE_LABELS).map(([value, label]) => ({
          value: Number(value),
          label,
        })),
      },
    ],
    [],
  );
  const columns = useMemo<ListColumn<AbnormalOil>[]>(
    () => [
      {
        key: 'abnormalType',
        title: a.type,
        width: 150,
        fixed: 'left',
        render: (_, r) => <Tag color={TYPE_COLORS[r.abnormalType] ?? 'default'}>{r.abnormalTypeName}</Tag>,
      },
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 100 },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 100, ellipsis: true },
      {
        key: 'driverName',
        dataIndex: 'driverName',
        title: t.driver,
        width: 70,
        render: (v: string) => v || '-',
      },
      { key: 'time', dataIndex: 'time', title: a.time, width: 160 },
      {
        key: 'changeOil',
        dataIndex: 'changeOil',
        title: a.changeOil,
        width: 90,
        align: 'right',
        render: (v: number | null) => (v === null ? '-' : <Typography.Text strong>{v}</Typography.Text>),
      },
      {
        key: 'costAmount',
        dataIndex: 'costAmount',
        title: t.costAmount,
        width: 90,
        align: 'right',
        render: (v: string | null) => v ?? '-',
      },
      { key: 'evidence', dataIndex: 'evidence', title: a.evidence, width: 300, ellipsis: true },
      {
        key: 'action',
        title: t.action,
        width: 80,
        fixed: 'right',
        render: (_, r) => (
          <Button
            type="link"
            size="small"
            onClick={() =>
              setTrend({
                truckId: r.truckId,
                carNo: r.carNo,
                startTime: r.time.length > 10 ? r.time : `${r.time} 12:00:00`,
                endTime: r.endTime,
              })
            }
          >
            {t.trend}
          </Button>
        ),
      },
    ],
    [],
  );
  return (
    <WithQueryClient>
      <ListPage<AbnormalOil>
        listKey="fuel-abnormal"
        columnSettingsKey="abnormalOil"
        fetchList={async (params, signal) => {
          const answer = await fetchAbnormal(params, signal);
          setCounts(answer.counts);
          return answer;
        }}
        columns={columns}
        rowKey="key"
        searchFields={search}
        title={
          counts ? (
            <Typography.Text data-testid="abnormal-counts">
              {a.counts(counts[1] ?? 0, counts[2] ?? 0, counts[3] ?? 0, counts[4] ?? 0)}
            </Typography.Text>
          ) : null
        }
        toolbar={{ onExport }}
      />
      <FuelTrendDrawer target={trend} onClose={() => setTrend(null)} />
    </WithQueryClient>
  );
}
