import { PLAN_STATE, plannedStationTimes } from '@fleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Form, Input, Row, Select, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchVehicleOptions, type VehicleOption } from '../../../api/common';
import { fetchLine } from '../../../api/lines';
import { fetchPlan } from '../../../api/plan-info';
import { addPlan, type PlanFields, type PlanStation, savePlanDraft, updatePlan } from '../../../api/plans';
import { fetchOrderOptions, type OrderOption } from '../../../api/transport-orders';
import { CustomerSelect, DriverSelect, LineSelect, type RemoteOption, RemoteSelect } from '../../../kit';
import { checkRule, maxRule } from '../../../kit/formRules';
import { BackTitle } from '../../../kit/record/BackTitle';
import { TeamRemarkItems } from '../../../kit/record/TeamRemarkItems';
import { texts } from '../../../locales';
import { useLeavePage } from '../../stations/useLeavePage';
import { PlanDispatchDrawer } from '../PlanDispatchDrawer';
import { PlanStationTable } from '../PlanStationTable';
import { PLAN_PATHS, PLAN_STATE_COLORS, type Plan, planRecord } from '../plan.record';
import { openPlanDrawer, planNotifiable } from '../planDrawer';

const t = texts.plans;
const FORMAT = 'YYYY-MM-DD HH:mm:ss';
const col = { xs: 24, sm: 12, lg: 8 };
const TONS = /^\d{1,3}(\.\d{1,3})?$/;
const tonsRule = checkRule((v) => (TONS.test(v.trim()) && Number(v) > 0 ? null : t.tonsRule));

interface Values {
  orderId?: number;
  customerId?: number;
  lineId?: number;
  truckId?: number;
  driverId?: number;
  cargo?: string;
  plannedTons?: string;
  departTime?: Dayjs;
  teamCode?: string;
  remark?: string;
}

const fetchTrucks = (pageNum: number, pageSize: number, keyword: string) =>
  fetchVehicleOptions(pageNum, pageSize, keyword);

/** The line's stations with the times of a departure (none without a line). */
async function lineStations(lineId: number, depart: Dayjs | undefined): Promise<PlanStation[]> {
  const line = await fetchLine(lineId);
  const times = depart ? plannedStationTimes(depart.valueOf(), line.stationList) : [];
  return line.stationList.map((s, i) => ({
    seq: i + 1,
    stationType: s.stationType,
    stationId: s.stationId ?? null,
    address: s.address,
    // the line's rows carry kilometres, the plan's metres
    distance: Math.round(s.distance * 1000),
    arriveTime: times[i] ? dayjs(times[i].arriveAt).format(FORMAT) : '',
    departTime: times[i] ? dayjs(times[i].departAt).format(FORMAT) : '',
  }));
}

/**
 * 新增计划 / 编辑计划 (/car-dispatch/plan/info/add and /edit?id=): the plan's order, line, truck,
 * driver and departure, and the station table filled from the line's running times, editable. A
 * plan is saved as a draft without the full rules, or published (the server's refusals shown).
 */
export default function PlanEditPage() {
  const [search] = useSearchParams();
  const idText = search.get('id');
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : undefined;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const client = useQueryClient();
  const leave = useLeavePage();
  const [form] = Form.useForm<Values>();
  const [plan, setPlan] = useState<Plan>();
  const [stations, setStations] = useState<PlanStation[]>([]);
  const [orders, setOrders] = useState<OrderOption[]>([]);
  /** The customer and line an order chose, named in their pickers. */
  const [fromOrder, setFromOrder] = useState<OrderOption>();
  const [loading, setLoading] = useState(id !== undefined);
  const [saving, setSaving] = useState<'draft' | 'publish'>();
  const lineId = Form.useWatch('lineId', form);
  const customerId = Form.useWatch('customerId', form);

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    fetchPlan(id).then(
      (p) => {
        if (!live) return;
        setPlan(p);
        form.setFieldsValue({
          orderId: p.orderId ?? undefined,
          customerId: p.customerId ?? undefined,
          lineId: p.lineId ?? undefined,
          truckId: p.truckId ?? undefined,
          driverId: p.driverId ?? undefined,
          cargo: p.cargo,
          plannedTons: p.plannedTons ? String(Number(p.plannedTons)) : undefined,
          departTime: p.departTime ? dayjs(p.departTime) : undefined,
          teamCode: p.teamCode,
          remark: p.remark,
        });
        setStations(p.stations);
        setLoading(false);
      },
      () => {
        if (live) navigate(PLAN_PATHS.list);
      },
    );
    return () => {
      live = false;
    };
  }, [id, form, navigate]);

  useEffect(() => {
    let live = true;
    fetchOrderOptions({ customerId }).then(
      (list) => live && setOrders(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [customerId]);

  /** The station table again from the line's running times (a new line or a new departure). */
  const refill = async (line: number | undefined, depart: Dayjs | undefined) => {
    if (!line) {
      setStations([]);
      return;
    }
    try {
      setStations(await lineStations(line, depart));
    } catch {
      // the request client showed why
    }
  };

  const chooseOrder = (orderId: number | undefined) => {
    const order = orders.find((o) => o.id === orderId);
    if (!order) return;
    setFromOrder(order);
    form.setFieldsValue({ customerId: order.customerId, lineId: order.lineId, cargo: order.cargo });
    void refill(order.lineId, form.getFieldValue('departTime'));
  };

  const fieldsOf = (v: Values): PlanFields => ({
    orderId: v.orderId ?? null,
    customerId: v.customerId ?? null,
    lineId: v.lineId ?? null,
    truckId: v.truckId ?? null,
    driverId: v.driverId ?? null,
    cargo: v.cargo?.trim() ?? '',
    plannedTons: v.plannedTons?.trim() ?? '',
    departTime: v.departTime ? v.departTime.format(FORMAT) : '',
    stations,
    teamCode: v.teamCode,
    remark: v.remark ?? '',
  });

  const save = async (kind: 'draft' | 'publish') => {
    let values: Values;
    try {
      values = kind === 'draft' ? form.getFieldsValue() : await form.validateFields();
    } catch {
      return;
    }
    const fields = fieldsOf(values);
    setSaving(kind);
    try {
      if (kind === 'draft') await savePlanDraft({ ...fields, ...(id ? { id } : {}) });
      else if (id) await updatePlan({ ...fields, id });
      else await addPlan(fields);
      void message.success(
        kind === 'draft' ? t.draftSaved : plan?.state === PLAN_STATE.published ? t.saved : t.published,
      );
      await client.invalidateQueries({ queryKey: ['list', planRecord.listKey] });
      leave(PLAN_PATHS.list);
    } catch {
      // the request client showed the server's refusal
    } finally {
      setSaving(undefined);
    }
  };

  const isDraft = plan === undefined || plan.state === PLAN_STATE.draft;
  const selected = (value: number | null | undefined, label: string): RemoteOption[] =>
    value ? [{ value, label }] : [];

  return (
    <Spin spinning={loading}>
      <Card
        data-testid="plan-editor"
        title={
          <Space>
            <BackTitle onBack={() => navigate(PLAN_PATHS.list)} backLabel={t.back}>
              {id ? t.editTitle : t.addTitle}
            </BackTitle>
            {plan ? (
              <Typography.Text type="secondary">
                {plan.planNo} <span style={{ color: PLAN_STATE_COLORS[plan.state] }}>{plan.stateName}</span>
              </Typography.Text>
            ) : null}
          </Space>
        }
        extra={
          <Space>
            {plan?.lineId && plan.state !== PLAN_STATE.cancelled ? (
              <Button
                onClick={() =>
                  openPlanDrawer({
                    id: plan.id,
                    planNo: plan.planNo,
                    tab: 'cost',
                    owner: 'form',
                    canNotify: planNotifiable(plan.state),
                  })
                }
              >
                {texts.planDispatch.cost}
              </Button>
            ) : null}
            {isDraft ? (
              <Button loading={saving === 'draft'} onClick={() => void save('draft')}>
                {t.saveDraft}
              </Button>
            ) : null}
            <Button type="primary" loading={saving === 'publish'} onClick={() => void save('publish')}>
              {isDraft ? t.publish : t.save}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" initialValues={{}}>
          <Row gutter={24}>
            <Col {...col}>
              <Form.Item name="orderId" label={t.order}>
                <Select
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  placeholder={t.orderPlaceholder}
                  onChange={chooseOrder}
                  options={[
                    ...(plan?.orderId && !orders.some((o) => o.id === plan.orderId)
                      ? [{ value: plan.orderId, label: plan.orderNo }]
                      : []),
                    ...orders.map((o) => ({
                      value: o.id,
                      label: `${o.orderNo} ${o.customerName} ${o.lineName} ${o.cargo} ${o.quantityText}`,
                    })),
                  ]}
                />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="customerId" label={t.customer}>
                <CustomerSelect
                  selected={
                    fromOrder
                      ? { value: fromOrder.customerId, label: fromOrder.customerName }
                      : plan?.customerId
                        ? { value: plan.customerId, label: plan.customerName }
                        : undefined
                  }
                  placeholder={t.customerPlaceholder}
                />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="lineId" label={t.line} rules={[{ required: true, message: t.required.line }]}>
                <LineSelect
                  selected={
                    fromOrder
                      ? { value: fromOrder.lineId, label: fromOrder.lineName }
                      : plan?.lineId
                        ? { value: plan.lineId, label: plan.lineName }
                        : undefined
                  }
                  placeholder={t.linePlaceholder}
                  onChange={(value) =>
                    void refill(
                      value === undefined ? undefined : Number(value),
                      form.getFieldValue('departTime'),
                    )
                  }
                />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item
                name="truckId"
                label={t.truck}
                rules={[{ required: true, message: t.required.truck }]}
              >
                <RemoteSelect<VehicleOption>
                  fetchOptions={fetchTrucks}
                  toOption={(v) => ({ value: Number(v.id), label: v.value })}
                  selectedOptions={selected(plan?.truckId, plan?.carNo ?? '')}
                  placeholder={t.truckPlaceholder}
                />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item
                name="driverId"
                label={t.driver}
                rules={[{ required: true, message: t.required.driver }]}
              >
                <DriverSelect
                  selectedOptions={selected(plan?.driverId, plan?.driverName ?? '')}
                  placeholder={t.driverPlaceholder}
                />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item
                name="departTime"
                label={t.departTime}
                rules={[{ required: true, message: t.required.departTime }]}
              >
                <DatePicker
                  showTime
                  format={FORMAT}
                  style={{ width: '100%' }}
                  onChange={(d) => void refill(lineId, d ?? undefined)}
                />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="cargo" label={t.cargo} rules={[maxRule(30)]}>
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="plannedTons" label={t.plannedTons} rules={[tonsRule]}>
                <Input placeholder={t.tonsPlaceholder} suffix="吨" />
              </Form.Item>
            </Col>
            <TeamRemarkItems labels={t} span={col} />
          </Row>
        </Form>
        <Typography.Title level={5}>{t.stations}</Typography.Title>
        <Typography.Paragraph type="secondary">{t.stationsHint}</Typography.Paragraph>
        <PlanStationTable rows={stations} onChange={setStations} />
      </Card>
      <PlanDispatchDrawer owner="form" />
    </Spin>
  );
}
