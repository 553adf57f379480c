import { APPOINTMENT_STATUSES } from '@fleet/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { ListPage, Paging } from '../../../api/common';
import { fetchStationBox } from '../../../api/stations';
import { DriverSelect, TeamTreeSelect, VehiclePlateSelect, WithQueryClient } from '../../../kit';
import { texts } from '../../../locales';
import {
  type AcceptResult,
  type AppointmentRow,
  type AutoAnswer,
  acceptProposals,
  addAppointment,
  assignPlan,
  autoAssign,
  fetchAppointments,
  fetchPending,
  moveAppointment,
  type OpenOrderRow,
  type PendingPlanRow,
  type Proposal,
  unassignPlan,
} from '../api';

const t = texts.planAssign;
const a = t.appointment;
const common = texts.kit.common;
const FORMAT = 'YYYY-MM-DD HH:mm:ss';
const at = (d: Dayjs | null | undefined) => (d ? d.format(FORMAT) : undefined);
const STATUS_COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error', 4: 'default' };

/**
 * One paged table of the page: its page, the server's answer for `key` and that page, and the
 * Table props showing them; `firstPage` goes back to page 1 when a filter changes.
 */
function usePagedTable<T>(key: readonly unknown[], fetch: (page: Paging) => Promise<ListPage<T>>) {
  const [page, setPage] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  const answer = useQuery({
    queryKey: [...key, page],
    queryFn: () => fetch(page),
    placeholderData: keepPreviousData,
  });
  return {
    firstPage: () => setPage((p) => ({ ...p, pageNum: 1 })),
    table: {
      loading: answer.isFetching,
      dataSource: answer.data?.list ?? [],
      pagination: {
        current: page.pageNum,
        pageSize: page.pageSize,
        total: answer.data?.total ?? 0,
        showSizeChanger: true,
        onChange: (pageNum: number, pageSize: number) => setPage({ pageNum, pageSize }),
      },
    },
  };
}

/** The truck and driver pickers of a dialog: the plate picker answers the truck's id beside its plate. */
function TruckDriverItems({ onTruck }: { onTruck: (id: number | undefined) => void }) {
  return (
    <>
      <Form.Item name="carNo" label={t.truck} rules={[{ required: true, message: t.truckRequired }]}>
        <VehiclePlateSelect
          onChange={(_, vehicles) => onTruck(vehicles[0] ? Number(vehicles[0].id) : undefined)}
        />
      </Form.Item>
      <Form.Item name="driverId" label={t.driver} rules={[{ required: true, message: t.driverRequired }]}>
        <DriverSelect />
      </Form.Item>
    </>
  );
}

/** 手动分配: a truck and driver for a draft, published through the plan's rules. */
function AssignDialog({
  plan,
  onClose,
}: {
  plan: PendingPlanRow | null;
  onClose: (changed: boolean) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ driverId: number; departTime?: Dayjs }>();
  const [truckId, setTruckId] = useState<number>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!plan) return;
    const values = await form.validateFields();
    if (!truckId) return;
    setSaving(true);
    try {
      const saved = await assignPlan({
        planId: plan.id,
        truckId,
        driverId: Number(values.driverId),
        departTime: at(values.departTime),
      });
      void message.success(t.assigned(saved.planNo));
      form.resetFields();
      onClose(true);
    } catch {
      // the request showed the refusal
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={plan !== null}
      title={plan ? t.assignTitle(plan.planNo) : ''}
      okText={common.ok}
      cancelText={common.cancel}
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="assignPlan" preserve={false}>
        <TruckDriverItems onTruck={setTruckId} />
        <Form.Item
          name="departTime"
          label={t.departTime}
          extra={`${t.departHint}（${plan?.departTime || '-'}）`}
        >
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 待分配: open orders with what is left, and the plans waiting for a truck. */
function PendingTab({ onAuto }: { onAuto: (orderIds: number[]) => void }) {
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [teamCode, setTeamCode] = useState<string>();
  const [selected, setSelected] = useState<number[]>([]);
  const [assigning, setAssigning] = useState<PendingPlanRow | null>(null);
  const orders = usePagedTable(['planAssign', 'orders', teamCode], (p) =>
    fetchPending<OpenOrderRow>('order', p.pageNum, p.pageSize, teamCode),
  );
  const plans = usePagedTable(['planAssign', 'plans', teamCode], (p) =>
    fetchPending<PendingPlanRow>('plan', p.pageNum, p.pageSize, teamCode),
  );
  const refresh = () => client.invalidateQueries({ queryKey: ['planAssign'] });
  const unassign = (plan: PendingPlanRow) =>
    modal.confirm({
      title: t.unassign,
      content: t.unassignConfirm(plan.planNo),
      okText: common.ok,
      cancelText: common.cancel,
      onOk: async () => {
        await unassignPlan(plan.id);
        void message.success(t.unassigned);
        await refresh();
      },
    });

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Space wrap>
          <span>{t.team}</span>
          <TeamTreeSelect
            style={{ width: 220 }}
            value={teamCode}
            onChange={(v) => {
              setTeamCode((v as string | undefined) || undefined);
              orders.firstPage();
              plans.firstPage();
            }}
          />
        </Space>
      </Card>
      <Card
        size="small"
        title={t.orders}
        extra={
          <Button type="primary" onClick={() => onAuto(selected)}>
            {t.tabs.auto}
            {selected.length > 0 ? `（${selected.length}）` : ''}
          </Button>
        }
      >
        <Table<OpenOrderRow>
          {...orders.table}
          rowKey="id"
          size="small"
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          scroll={{ x: 1100 }}
          columns={[
            { key: 'orderNo', dataIndex: 'orderNo', title: t.orderNo, width: 190 },
            { key: 'customer', dataIndex: 'customerName', title: t.customer, width: 180, ellipsis: true },
            { key: 'line', dataIndex: 'lineName', title: t.line, width: 200, ellipsis: true },
            { key: 'cargo', dataIndex: 'cargo', title: t.cargo, width: 90 },
            { key: 'quantity', dataIndex: 'quantityText', title: t.quantity, width: 100, align: 'right' },
            { key: 'planned', dataIndex: 'plannedText', title: t.planned, width: 100, align: 'right' },
            {
              key: 'left',
              dataIndex: 'leftText',
              title: t.left,
              width: 100,
              align: 'right',
              render: (text: string, row) => (
                <Typography.Text type={row.left > 0 ? 'warning' : 'secondary'} strong={row.left > 0}>
                  {text}
                </Typography.Text>
              ),
            },
            {
              key: 'window',
              title: t.window,
              width: 280,
              render: (_, row) => `${row.startTime.slice(0, 16)} ~ ${row.endTime.slice(0, 16)}`,
            },
            { key: 'team', dataIndex: 'teamName', title: t.team, width: 120, ellipsis: true },
          ]}
        />
      </Card>
      <Card size="small" title={t.plans}>
        <Table<PendingPlanRow>
          {...plans.table}
          rowKey="id"
          size="small"
          scroll={{ x: 1200 }}
          columns={[
            { key: 'planNo', dataIndex: 'planNo', title: t.planNo, width: 200 },
            {
              key: 'state',
              dataIndex: 'stateName',
              title: t.state,
              width: 90,
              render: (name: string, row) => <Tag color={row.state === 0 ? 'default' : 'blue'}>{name}</Tag>,
            },
            {
              key: 'orderNo',
              dataIndex: 'orderNo',
              title: t.orderNo,
              width: 190,
              render: (v: string) => v || '-',
            },
            { key: 'line', dataIndex: 'lineName', title: t.line, width: 200, ellipsis: true },
            { key: 'truck', dataIndex: 'carNo', title: t.truck, width: 110, render: (v: string) => v || '-' },
            {
              key: 'driver',
              dataIndex: 'driverName',
              title: t.driver,
              width: 90,
              render: (v: string) => v || '-',
            },
            { key: 'tons', dataIndex: 'plannedTons', title: t.plannedTons, width: 120, align: 'right' },
            { key: 'depart', dataIndex: 'departTime', title: t.departTime, width: 170 },
            {
              key: 'actions',
              title: t.actions,
              width: 170,
              fixed: 'right',
              render: (_, row) => (
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => setAssigning(row)}>
                    {row.state === 0 ? t.assign : t.reassign}
                  </Button>
                  {row.state === 1 && (
                    <Button type="link" size="small" danger onClick={() => unassign(row)}>
                      {t.unassign}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <AssignDialog
        plan={assigning}
        onClose={(changed) => {
          setAssigning(null);
          if (changed) void refresh();
        }}
      />
    </Flex>
  );
}

/** 智能分配: proposals for the chosen orders, some accepted as published plans. */
function AutoTab({ orderIds, onOrderIds }: { orderIds: number[]; onOrderIds: (ids: number[]) => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ departTime?: Dayjs; tons?: string }>();
  const [answer, setAnswer] = useState<AutoAnswer | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [results, setResults] = useState<Map<number, AcceptResult>>(new Map());
  const [running, setRunning] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const orders = useQuery({
    queryKey: ['planAssign', 'orderOptions'],
    queryFn: () => fetchPending<OpenOrderRow>('order', 1, 500),
  });

  const run = async () => {
    const values = form.getFieldsValue();
    setRunning(true);
    try {
      const found = await autoAssign({
        orderIds: orderIds.length > 0 ? orderIds : undefined,
        departTime: at(values.departTime),
        tons: values.tons?.trim() || undefined,
      });
      setAnswer(found);
      setChosen(found.proposals.map((p) => p.orderId));
      setResults(new Map());
    } catch {
      // shown by the request
    } finally {
      setRunning(false);
    }
  };
  const accept = async () => {
    const picked = (answer?.proposals ?? []).filter(
      (p) => chosen.includes(p.orderId) && !results.get(p.orderId)?.ok,
    );
    if (picked.length === 0) {
      void message.warning(t.acceptNone);
      return;
    }
    setAccepting(true);
    try {
      const done = await acceptProposals(
        picked.map((p) => ({
          orderId: p.orderId,
          truckId: p.truckId,
          driverId: p.driverId,
          departTime: p.departTime,
          plannedTons: p.plannedTons,
        })),
      );
      setResults((before) => {
        const next = new Map(before);
        for (const r of done.results) next.set(r.orderId, r);
        return next;
      });
      void message.info(t.accepted(done.created, picked.length));
      await client.invalidateQueries({ queryKey: ['planAssign'] });
    } catch {
      // shown by the request
    } finally {
      setAccepting(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Typography.Paragraph type="secondary">{t.autoIntro}</Typography.Paragraph>
        <Form form={form} layout="inline" name="autoAssign" style={{ rowGap: 12 }}>
          <Form.Item label={t.selectOrders}>
            <Select
              mode="multiple"
              allowClear
              style={{ width: 420 }}
              maxTagCount="responsive"
              value={orderIds}
              onChange={(ids: number[]) => onOrderIds(ids)}
              loading={orders.isFetching}
              optionFilterProp="label"
              options={(orders.data?.list ?? []).map((o) => ({
                value: o.id,
                label: `${o.orderNo} ${o.lineName}（${t.left}${o.leftText}）`,
              }))}
            />
          </Form.Item>
          <Form.Item name="departTime" label={t.departTime}>
            <DatePicker showTime />
          </Form.Item>
          <Form.Item name="tons" label={t.tons} tooltip={t.tonsHint}>
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" loading={running} onClick={run}>
              {running ? t.running : t.run}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {answer && (
        <Card
          size="small"
          title={t.proposals}
          extra={
            <Space>
              <Typography.Text type="secondary">{t.ranked(answer.trucks, answer.rankMs)}</Typography.Text>
              <Button
                type="primary"
                loading={accepting}
                onClick={accept}
                disabled={answer.proposals.length === 0}
              >
                {t.accept}
              </Button>
            </Space>
          }
        >
          <Table<Proposal>
            rowKey="orderId"
            size="small"
            dataSource={answer.proposals}
            pagination={false}
            scroll={{ x: 1080 }}
            rowSelection={{
              selectedRowKeys: chosen,
              onChange: (keys) => setChosen(keys.map(Number)),
              getCheckboxProps: (row) => ({ disabled: results.get(row.orderId)?.ok === true }),
            }}
            columns={[
              { key: 'orderNo', dataIndex: 'orderNo', title: t.orderNo, width: 165 },
              { key: 'line', dataIndex: 'lineName', title: t.line, width: 140, ellipsis: true },
              { key: 'truck', dataIndex: 'carNo', title: t.truck, width: 88 },
              { key: 'driver', dataIndex: 'driverName', title: t.driver, width: 64 },
              { key: 'depart', dataIndex: 'departTime', title: t.departTime, width: 150 },
              {
                key: 'reasons',
                dataIndex: 'reasons',
                title: t.reasons,
                width: 300,
                render: (reasons: string[]) => (
                  <Flex wrap gap={4}>
                    {reasons.map((r) => (
                      <Tag key={r} color="green" style={{ marginInlineEnd: 0 }}>
                        {r}
                      </Tag>
                    ))}
                  </Flex>
                ),
              },
              {
                key: 'result',
                title: t.result,
                width: 150,
                render: (_, row) => {
                  const r = results.get(row.orderId);
                  if (!r) return '-';
                  return (
                    <Typography.Text type={r.ok ? 'success' : 'danger'} style={{ wordBreak: 'break-all' }}>
                      {r.message}
                    </Typography.Text>
                  );
                },
              },
            ]}
          />
          {answer.unassigned.length > 0 && (
            <Flex vertical gap={8} style={{ marginTop: 12 }}>
              <Typography.Text strong>{t.noCandidate}</Typography.Text>
              <Table
                rowKey="orderId"
                size="small"
                pagination={false}
                dataSource={answer.unassigned}
                columns={[
                  { key: 'orderNo', dataIndex: 'orderNo', title: t.orderNo, width: 200 },
                  { key: 'line', dataIndex: 'lineName', title: t.line, width: 200 },
                  {
                    key: 'reason',
                    dataIndex: 'reason',
                    title: t.reason,
                    render: (r: string) => <Typography.Text type="warning">{r}</Typography.Text>,
                  },
                ]}
              />
            </Flex>
          )}
        </Card>
      )}
    </Flex>
  );
}

/** 新增预约: the office enters a slot at a loading station for a driver. */
function AppointmentDialog({ open, onClose }: { open: boolean; onClose: (changed: boolean) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ driverId: number; stationId: number; slot: [Dayjs, Dayjs] }>();
  const [truckId, setTruckId] = useState<number>();
  const [saving, setSaving] = useState(false);
  const stations = useQuery({
    queryKey: ['planAssign', 'stations'],
    queryFn: () => fetchStationBox(),
    enabled: open,
  });
  const submit = async () => {
    const values = await form.validateFields();
    if (!truckId) return;
    setSaving(true);
    try {
      await addAppointment({
        truckId,
        driverId: Number(values.driverId),
        stationId: values.stationId,
        appointStart: values.slot[0].format(FORMAT),
        appointEnd: values.slot[1].format(FORMAT),
      });
      void message.success(a.added);
      onClose(true);
    } catch {
      // shown by the request
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={a.addTitle}
      okText={common.ok}
      cancelText={common.cancel}
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="addAppointment" preserve={false}>
        <TruckDriverItems onTruck={setTruckId} />
        <Form.Item
          name="stationId"
          label={a.station}
          rules={[{ required: true, message: a.stationRequired }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={stations.isFetching}
            options={(stations.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="slot" label={a.slot} rules={[{ required: true, message: a.slotRequired }]}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            placeholder={[a.start, a.end]}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 装车预约: the list, entering, approving, rejecting with a reason and cancelling. */
function AppointmentsTab() {
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [filter, setFilter] = useState<{ status?: number; carNo?: string }>({});
  const [adding, setAdding] = useState(false);
  const [rejecting, setRejecting] = useState<AppointmentRow | null>(null);
  const [reason, setReason] = useState('');
  const list = usePagedTable(['planAssign', 'appointments', filter], (page) =>
    fetchAppointments({ ...page, ...filter }),
  );
  const refresh = () => client.invalidateQueries({ queryKey: ['planAssign', 'appointments'] });
  const act = (action: 'approve' | 'cancel', row: AppointmentRow) =>
    modal.confirm({
      title: action === 'approve' ? a.approve : a.cancel,
      content: action === 'approve' ? a.approveConfirm : a.cancelConfirm,
      okText: common.ok,
      cancelText: common.cancel,
      onOk: async () => {
        await moveAppointment(action, row.id);
        void message.success(a.done);
        await refresh();
      },
    });
  const reject = async () => {
    if (!rejecting) return;
    if (!reason.trim()) {
      void message.warning(a.reasonRequired);
      return;
    }
    try {
      await moveAppointment('reject', rejecting.id, reason.trim());
      void message.success(a.done);
      setRejecting(null);
      setReason('');
      await refresh();
    } catch {
      // shown by the request
    }
  };

  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Select
            allowClear
            placeholder={a.status}
            style={{ width: 140 }}
            value={filter.status}
            onChange={(status?: number) => {
              setFilter((f) => ({ ...f, status }));
              list.firstPage();
            }}
            options={APPOINTMENT_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
          />
          <Input.Search
            allowClear
            placeholder={a.carNo}
            style={{ width: 200 }}
            onSearch={(carNo) => {
              setFilter((f) => ({ ...f, carNo: carNo || undefined }));
              list.firstPage();
            }}
          />
        </Space>
      }
      extra={
        <Button type="primary" onClick={() => setAdding(true)}>
          {a.add}
        </Button>
      }
    >
      <Table<AppointmentRow>
        {...list.table}
        rowKey="id"
        size="small"
        scroll={{ x: 1100 }}
        columns={[
          {
            key: 'status',
            dataIndex: 'statusName',
            title: a.status,
            width: 90,
            render: (name: string, row) => <Tag color={STATUS_COLORS[row.status]}>{name}</Tag>,
          },
          { key: 'carNo', dataIndex: 'carNo', title: t.truck, width: 100 },
          { key: 'driver', dataIndex: 'driverName', title: t.driver, width: 80 },
          { key: 'station', dataIndex: 'stationName', title: a.station, width: 160, ellipsis: true },
          {
            key: 'slot',
            title: a.slot,
            width: 210,
            render: (_, row) => `${row.appointStart.slice(0, 16)} ~ ${row.appointEnd.slice(11, 16)}`,
          },
          {
            key: 'reason',
            dataIndex: 'reason',
            title: a.rejectReason,
            width: 150,
            render: (v: string) => v || '-',
          },
          {
            key: 'reviewer',
            title: a.reviewer,
            width: 170,
            render: (_, row) =>
              row.reviewerName ? `${row.reviewerName} ${row.reviewedAt.slice(5, 16)}` : '-',
          },
          {
            key: 'actions',
            title: t.actions,
            width: 150,
            fixed: 'right',
            render: (_, row) => (
              <Space size={4}>
                {row.status === 1 && (
                  <Button type="link" size="small" onClick={() => act('approve', row)}>
                    {a.approve}
                  </Button>
                )}
                {row.status === 1 && (
                  <Button type="link" size="small" danger onClick={() => setRejecting(row)}>
                    {a.reject}
                  </Button>
                )}
                {(row.status === 1 || row.status === 2) && (
                  <Button type="link" size="small" onClick={() => act('cancel', row)}>
                    {a.cancel}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <AppointmentDialog
        open={adding}
        onClose={(changed) => {
          setAdding(false);
          if (changed) void refresh();
        }}
      />
      <Modal
        open={rejecting !== null}
        title={a.rejectTitle}
        okText={common.ok}
        cancelText={common.cancel}
        onOk={reject}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        {rejecting && (
          <Alert
            type="info"
            style={{ marginBottom: 12 }}
            message={`${rejecting.carNo} ${rejecting.stationName} ${rejecting.appointStart} ~ ${rejecting.appointEnd.slice(11)}`}
          />
        )}
        <Input.TextArea
          aria-label={a.rejectReason}
          placeholder={a.reasonRequired}
          maxLength={200}
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Card>
  );
}

/** 计划发车 (/car-dispatch/schedule-departure, car060101): 待分配, 智能分配 and 装车预约. */
function ScheduleDeparture() {
  const [tab, setTab] = useState('pending');
  const [orderIds, setOrderIds] = useState<number[]>([]);
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      items={[
        {
          key: 'pending',
          label: t.tabs.pending,
          children: (
            <PendingTab
              onAuto={(ids) => {
                setOrderIds(ids);
                setTab('auto');
              }}
            />
          ),
        },
        {
          key: 'auto',
          label: t.tabs.auto,
          children: <AutoTab orderIds={orderIds} onOrderIds={setOrderIds} />,
        },
        { key: 'appointments', label: t.tabs.appointments, children: <AppointmentsTab /> },
      ]}
    />
  );
}

export default function ScheduleDeparturePage() {
  return (
    <WithQueryClient>
      <ScheduleDeparture />
    </WithQueryClient>
  );
}
