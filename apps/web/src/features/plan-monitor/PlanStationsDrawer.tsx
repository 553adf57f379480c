import { CheckCircleFilled } from '@ant-design/icons';
import { MAP_PICKER_CENTER } from '@fleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Drawer, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { orDash } from '../../kit/format';
import { texts } from '../../locales';
import { BaseMap } from '../../map';
import { fetchPlanStations, type MonitoredPlan, type MonitoredStation, saveStationTimes } from './api';
import { PlanPathLayer } from './PlanMapLayers';
import styles from './planMonitor.module.css';

const t = texts.planMonitor;
const common = texts.kit.common;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Late minutes as a coloured tag: green on time or early, red late. */
export function LateTag({ minutes, state }: { minutes: number | null; state?: number }) {
  if (minutes === null) return <Typography.Text type="secondary">-</Typography.Text>;
  const color = state !== undefined ? t.lateColors[state] : minutes > 0 ? 'red' : 'green';
  return <Tag color={color}>{t.minutes(minutes)}</Tag>;
}

interface FillValues {
  arriveTime?: Dayjs | null;
  departTime?: Dayjs | null;
  remark?: string;
}

/** 补录时间 of one station: its actual arrival and departure by hand, with a note. */
function FillInDialog({
  plan,
  station,
  onClose,
}: {
  plan: MonitoredPlan;
  station: MonitoredStation;
  onClose: (saved: boolean) => void;
}) {
  const [form] = Form.useForm<FillValues>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const submit = async () => {
    const values = await form.validateFields();
    const arriveTime = values.arriveTime?.format(TIME_FORMAT);
    const departTime = values.departTime?.format(TIME_FORMAT);
    if (!arriveTime && !departTime) {
      form.setFields([{ name: 'arriveTime', errors: [t.fillInRequired] }]);
      return;
    }
    setSaving(true);
    try {
      await saveStationTimes({
        id: plan.id,
        seq: station.seq,
        ...(arriveTime ? { arriveTime } : {}),
        ...(departTime ? { departTime } : {}),
        remark: values.remark ?? '',
      });
      void message.success(t.saved);
      onClose(true);
    } catch {
      // the request client showed why
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t.fillInTitle(station.address)}
      okText={common.save}
      cancelText={common.cancel}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="fillIn">
        <Form.Item name="arriveTime" label={t.arriveTime}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="departTime" label={t.departTime}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={t.remark} rules={[{ max: 200, message: '最多输入200个字符' }]}>
          <Input.TextArea rows={2} placeholder={t.remarkPlaceholder} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A plan's stations: planned against actual times, late minutes, the line on a small map, 补录. */
export function PlanStationsDrawer({
  plan,
  canFillIn,
  onClose,
}: {
  plan: MonitoredPlan | null;
  canFillIn: boolean;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [filling, setFilling] = useState<MonitoredStation | null>(null);
  const stations = useQuery({
    queryKey: ['planMonitor', 'stations', plan?.id],
    queryFn: ({ signal }) => fetchPlanStations(plan?.id as number, signal),
    enabled: plan !== null,
  });
  const rows = stations.data?.stations ?? [];
  const columns = [
    {
      key: 'seq',
      title: t.seq,
      width: 64,
      render: (_: unknown, s: MonitoredStation) => (
        <span>
          {s.seq}{' '}
          {s.reached && (
            <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t.reached} title={t.reached} />
          )}
        </span>
      ),
    },
    {
      key: 'address',
      title: t.address,
      width: 190,
      ellipsis: true,
      render: (_: unknown, s: MonitoredStation) => (
        <span>
          <Tag>{t.stationTypes[s.stationType] ?? '-'}</Tag>
          {s.address}
        </span>
      ),
    },
    {
      key: 'plannedArriveTime',
      dataIndex: 'plannedArriveTime',
      title: t.plannedArriveAt,
      width: 150,
      render: orDash,
    },
    { key: 'arriveTime', dataIndex: 'arriveTime', title: t.arriveAt, width: 160, render: orDash },
    {
      key: 'plannedDepartTime',
      dataIndex: 'plannedDepartTime',
      title: t.plannedDepartAt,
      width: 150,
      render: orDash,
    },
    { key: 'departTime', dataIndex: 'departTime', title: t.departAt, width: 160, render: orDash },
    {
      key: 'lateMinutes',
      title: t.lateMinutes,
      width: 100,
      render: (_: unknown, s: MonitoredStation) => <LateTag minutes={s.lateMinutes} />,
    },
    ...(canFillIn
      ? [
          {
            key: 'actions',
            title: t.actions,
            width: 90,
            fixed: 'right' as const,
            render: (_: unknown, s: MonitoredStation) => (
              <Typography.Link onClick={() => setFilling(s)}>{t.fillIn}</Typography.Link>
            ),
          },
        ]
      : []),
  ];

  return (
    <Drawer
      open={plan !== null}
      onClose={onClose}
      size={1120}
      title={plan ? t.drawerTitle(plan.planNo) : ''}
      destroyOnHidden
    >
      {plan && (
        <>
          <Typography.Paragraph type="secondary">
            {[plan.carNo, plan.driverName, plan.lineName].filter(Boolean).join(' · ')}
          </Typography.Paragraph>
          <Table<MonitoredStation>
            rowKey="seq"
            size="small"
            loading={stations.isFetching}
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 1000 }}
          />
          <div className={styles.pathMap}>
            <BaseMap center={MAP_PICKER_CENTER} zoom={6} label={t.pathLabel}>
              <PlanPathLayer path={stations.data?.path ?? []} stations={rows} />
            </BaseMap>
          </div>
          {filling && (
            <FillInDialog
              plan={plan}
              station={filling}
              onClose={(saved) => {
                setFilling(null);
                if (saved) {
                  void client.invalidateQueries({ queryKey: ['planMonitor'] });
                }
              }}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
