import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { fetchVehicleOptions, type VehicleOption } from '../../api/common';
import { RemoteSelect } from '../../kit';
import { texts } from '../../locales';
import { cancelMonitor, checkMonitor, type FuelPlan, type MonitorTruck, monitorTrucks } from './api';

const t = texts.oilSaving;

const fetchTrucks = (pageNum: number, pageSize: number, keyword: string) =>
  fetchVehicleOptions(pageNum, pageSize, keyword);

/** 监控车辆 of a plan: the trucks under monitoring (取消监控) and more trucks put under it. */
export function MonitorDialog({ plan, onClose }: { plan: FuelPlan | null; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [picked, setPicked] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const monitors = useQuery({
    queryKey: ['oilSaving', 'monitors', plan?.id],
    queryFn: () => checkMonitor(plan?.id as number),
    enabled: plan !== null,
  });
  const refresh = async () => {
    await monitors.refetch();
    await client.invalidateQueries({ queryKey: ['list'] });
  };
  const add = async () => {
    if (!plan || picked.length === 0) return;
    setSaving(true);
    try {
      const done = await monitorTrucks(plan.id, picked);
      void message.success(t.monitored(done.monitored));
      setPicked([]);
      await refresh();
    } catch {
      // shown by the request client
    } finally {
      setSaving(false);
    }
  };
  const cancel = (row: MonitorTruck) =>
    modal.confirm({
      title: t.cancelMonitorTitle(row.carNo),
      okText: t.cancelMonitor,
      cancelText: t.cancel,
      onOk: async () => {
        try {
          await cancelMonitor(row.monitorId);
          void message.success(t.cancelled);
          await refresh();
        } catch {
          // refused: the request client showed why; the list stays as it was
        }
      },
    });
  return (
    <Modal
      open={plan !== null}
      title={plan ? t.monitorDialog(plan.lineName) : ''}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <Flex gap={8} style={{ marginBottom: 12 }}>
        <RemoteSelect<VehicleOption>
          multiple
          fetchOptions={fetchTrucks}
          toOption={(v) => ({ value: Number(v.id), label: v.value })}
          value={picked}
          onChange={(v) => setPicked(Array.isArray(v) ? v.map(Number) : v === undefined ? [] : [Number(v)])}
          placeholder={t.monitorPick}
          style={{ flex: 1 }}
        />
        <Button type="primary" onClick={() => void add()} loading={saving} disabled={picked.length === 0}>
          {t.monitorAdd}
        </Button>
      </Flex>
      <Table<MonitorTruck>
        rowKey="monitorId"
        size="small"
        loading={monitors.isFetching}
        dataSource={monitors.data ?? []}
        pagination={false}
        locale={{ emptyText: t.noMonitor }}
        columns={[
          { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 110 },
          { key: 'series', dataIndex: 'series', title: t.series, width: 110 },
          {
            key: 'state',
            title: t.monitorState,
            width: 90,
            render: (_, r) => <Tag color={r.state === 1 ? 'green' : undefined}>{r.stateName}</Tag>,
          },
          { key: 'createTime', dataIndex: 'createTime', title: t.createTime, width: 160 },
          {
            key: 'op',
            title: '',
            width: 90,
            render: (_, r) =>
              r.state === 1 ? (
                <Button type="link" size="small" onClick={() => cancel(r)}>
                  {t.cancelMonitor}
                </Button>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}
