import { OPERATE_LOG_PAGES } from '@fleet/domain';
import { App, Flex, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import {
  fetchVehicleAlarmSets,
  saveVehicleAlarmSet,
  type VehicleAlarmSet,
  type VehicleAlarmSetQuery,
} from '../../../api/alarm-settings';
import {
  type ListColumn,
  ListPage,
  type ListPageHandle,
  OperationLogDialog,
  type SearchField,
} from '../../../kit';
import { orDash } from '../../../kit/format';
import { texts } from '../../../locales';
import { TeamRulesCard } from '../TeamRulesCard';
import { VehicleRulesDialog } from '../VehicleRulesDialog';

const t = texts.alarmSettings;
const s = t.summary;
const common = texts.kit.common;

const searchFields: SearchField[] = [
  { name: 'carNo', label: t.carNo, placeholder: t.carNoPlaceholder, width: 180 },
  { name: 'teamCode', label: t.teamName, type: 'team', width: 200 },
  {
    name: 'own',
    label: t.source,
    type: 'select',
    width: 120,
    options: [{ value: 1, label: t.ownOnly }],
  },
];

const off = (enabled: boolean, text: string) =>
  enabled ? text : <Typography.Text type="secondary">{t.off}</Typography.Text>;

/** 车辆报警设置 (/alarm/carset/index): team rules on top, every vehicle's effective rules below. */
export default function VehicleAlarmSetPage() {
  const { modal, message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [editing, setEditing] = useState<VehicleAlarmSet[] | undefined>();
  const [logOf, setLogOf] = useState<VehicleAlarmSet | undefined>();
  const reload = () => void list.current?.reload();

  const columns = useMemo<ListColumn<VehicleAlarmSet>[]>(() => {
    const restore = (row: VehicleAlarmSet) =>
      modal.confirm({
        title: t.restore,
        content: t.confirmRestore(row.carNo),
        okText: common.ok,
        cancelText: common.cancel,
        onOk: () =>
          saveVehicleAlarmSet([row.carId], {}).then((answer) => {
            if (answer.code === 200) {
              void message.success(t.restored);
              void list.current?.reload();
            }
          }),
      });
    return [
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, fixed: 'left' },
      { key: 'vin', dataIndex: 'vin', title: t.vin },
      { key: 'teamName', dataIndex: 'teamName', title: t.teamName, render: (v: string) => orDash(v) },
      {
        key: 'own',
        dataIndex: 'own',
        title: t.source,
        render: (own: number) => (own === 1 ? <Tag color="blue">{t.ownYes}</Tag> : <Tag>{t.ownNo}</Tag>),
      },
      {
        key: 'overspeed',
        title: t.overspeed,
        render: (_, r) => {
          const rule = r.settings.overspeed;
          const limit = r.speedLimit ? s.truckLimit(r.speedLimit) : s.ruleLimit(rule.limitKmh);
          return off(rule.enabled, s.overspeed(limit, rule.minSeconds));
        },
      },
      {
        key: 'fatigue',
        title: t.fatigue,
        render: (_, r) => {
          const rule = r.settings.fatigue;
          return off(rule.enabled, s.fatigue(rule.warnMinutes, rule.alarmMinutes, rule.restMinutes));
        },
      },
      {
        key: 'parking',
        title: t.parking,
        render: (_, r) => off(r.settings.parking.enabled, s.parking(r.settings.parking.minutes)),
      },
      {
        key: 'fuel',
        title: t.fuel,
        render: (_, r) => s.fuel(r.settings.oilTheft.minLitres, r.settings.refuel.minLitres),
      },
      {
        key: 'deviation',
        title: t.deviation,
        render: (_, r) => {
          const rule = r.settings.deviation;
          return off(
            rule.enabled,
            rule.lineId === null ? s.noLine : s.deviation(r.lineName || s.line(rule.lineId), rule.minSeconds),
          );
        },
      },
      { key: 'updateTime', dataIndex: 'updateTime', title: t.updateTime, render: (v: string) => orDash(v) },
      {
        key: 'actions',
        title: common.actions,
        locked: true,
        fixed: 'right',
        render: (_, row) => (
          <Space size={12}>
            <Typography.Link onClick={() => setEditing([row])}>{t.set}</Typography.Link>
            {row.own === 1 && <Typography.Link onClick={() => restore(row)}>{t.restore}</Typography.Link>}
            <Typography.Link onClick={() => setLogOf(row)}>{t.log}</Typography.Link>
          </Space>
        ),
      },
    ];
  }, [modal, message]);

  return (
    <Flex vertical gap={12}>
      <TeamRulesCard onSaved={reload} />
      <ListPage<VehicleAlarmSet>
        ref={list}
        title={t.vehicles}
        listKey="alarm-settings/vehicles"
        columnSettingsKey="alarm-settings/vehicles"
        fetchList={(params, signal) => fetchVehicleAlarmSets(params as VehicleAlarmSetQuery, signal)}
        columns={columns}
        rowKey="carId"
        searchFields={searchFields}
        toolbar={{ batchActions: [{ key: 'batch', label: t.batchSet, onClick: (rows) => setEditing(rows) }] }}
      />
      {editing && (
        <VehicleRulesDialog vehicles={editing} onClose={() => setEditing(undefined)} onSaved={reload} />
      )}
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.carId}
        pageEnum={OPERATE_LOG_PAGES.alarmSetting}
        onClose={() => setLogOf(undefined)}
      />
    </Flex>
  );
}
