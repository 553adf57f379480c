import { App, Button, Space, Tag, Tooltip } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type ListColumn, ListPage, type ListPageHandle, orDash, type SearchField } from '../../../kit';
import { texts } from '../../../locales';
import { deletePlan, type FuelPlan, fetchPlans, OIL_SAVING_PATHS } from '../api';
import { MonitorDialog } from '../MonitorDialog';
import { RouteSelect } from '../RouteSelect';

const t = texts.oilSaving;
const STATE_COLORS: Record<number, string | undefined> = { 1: 'blue', 2: 'green', 3: undefined };

const SEARCH: readonly SearchField[] = [
  {
    name: 'lineId',
    label: t.line,
    type: 'custom',
    control: <RouteSelect allowClear style={{ width: 220 }} />,
  },
  { name: 'truckSeries', label: t.series },
];

/** 线路节油计划 (/oil-saving/plan, car050209): the plans, their monitored trucks, add, edit, delete. */
export default function OilSavingPlansPage() {
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [monitoring, setMonitoring] = useState<FuelPlan | null>(null);

  const columns = useMemo<ListColumn<FuelPlan>[]>(
    () => [
      { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 200, ellipsis: true },
      { key: 'truckSeries', dataIndex: 'truckSeries', title: t.series, width: 90, render: orDash },
      {
        key: 'targetFuel',
        title: t.targetFuel,
        width: 130,
        align: 'right',
        render: (_, r) => r.targetFuel.toFixed(1),
      },
      { key: 'tolerance', dataIndex: 'tolerance', title: t.tolerance, width: 100, align: 'right' },
      { key: 'period', title: t.period, width: 190, render: (_, r) => `${r.startDate} ~ ${r.endDate}` },
      {
        key: 'state',
        title: t.state,
        width: 80,
        render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{r.stateName}</Tag>,
      },
      {
        key: 'monitorCount',
        title: t.monitorCount,
        width: 90,
        align: 'right',
        render: (_, r) =>
          r.monitorCount ? (
            <Tooltip title={r.monitorCarNos}>
              <span>{t.monitorCountText(r.monitorCount)}</span>
            </Tooltip>
          ) : (
            '-'
          ),
      },
      { key: 'remark', dataIndex: 'remark', title: t.remark, width: 140, ellipsis: true, render: orDash },
      { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 160 },
      {
        key: 'op',
        title: texts.tripReports.operation,
        width: 250,
        fixed: 'right',
        locked: true,
        render: (_, r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setMonitoring(r)}>
              {t.monitor}
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => navigate(`${OIL_SAVING_PATHS.monitor}?planId=${r.id}`)}
            >
              {t.viewMonitor}
            </Button>
            <Button type="link" size="small" onClick={() => navigate(OIL_SAVING_PATHS.edit(r.id))}>
              {t.edit}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: t.deleteTitle,
                  content: t.deleteContent(r.lineName),
                  okText: t.delete,
                  okButtonProps: { danger: true },
                  cancelText: t.cancel,
                  onOk: async () => {
                    try {
                      await deletePlan(r.id);
                      void message.success(t.deleted);
                      await list.current?.reload();
                    } catch {
                      // refused: the request client showed why; the list stays as it was
                    }
                  },
                })
              }
            >
              {t.delete}
            </Button>
          </Space>
        ),
      },
    ],
    [navigate, modal, message],
  );

  return (
    <>
      <ListPage<FuelPlan>
        ref={list}
        listKey="oil-saving-plans"
        fetchList={(params, signal) => fetchPlans(params, signal)}
        columns={columns}
        rowKey="id"
        searchFields={SEARCH}
        columnSettingsKey="oilSavingPlans"
        toolbar={{ onAdd: () => navigate(OIL_SAVING_PATHS.add), addText: t.addTitle }}
      />
      <MonitorDialog plan={monitoring} onClose={() => setMonitoring(null)} />
    </>
  );
}
