import { SCHEDULE_DAYS_AHEAD, SCHEDULE_WEEKDAYS } from '@fleet/domain';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  TimePicker,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchVehicleOptions, type VehicleOption } from '../../api/common';
import { fetchOrderOptions, type OrderOption } from '../../api/transport-orders';
import { DriverSelect, LineSelect, type RecordFormProps, RemoteSelect } from '../../kit';
import { checkRule, maxRule } from '../../kit/formRules';
import { TeamRemarkItems } from '../../kit/record/TeamRemarkItems';
import { texts } from '../../locales';
import { checkSchedule, type ScheduleCheck } from './api';
import { type PlanSchedule, type PlanScheduleFields, scheduleBody } from './planSchedule.record';

const t = texts.planSchedules;
const span = { xs: 24, sm: 12 };
const TONS = /^\d{1,6}(\.\d{1,3})?$/;

const fetchTrucks = (pageNum: number, pageSize: number, keyword: string) =>
  fetchVehicleOptions(pageNum, pageSize, keyword);

type Checked =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; result: ScheduleCheck }
  | { state: 'error'; message: string };

/**
 * The schedule's conflicts as the form changes (once line, truck, driver, weekdays, time and start
 * are filled, half a second after the last change) or on 检查冲突: the truck's and driver's other
 * plans and schedules and the certificates ending in the next days, each with its day. Saving with
 * conflicts needs 我已了解以上冲突 ticked.
 */
function useConflictCheck(values: PlanScheduleFields | undefined, id: number | undefined, enabled: boolean) {
  const [checked, setChecked] = useState<Checked>({ state: 'idle' });
  const body = useMemo(() => (values ? scheduleBody(values) : null), [values]);
  const ready =
    enabled &&
    body !== null &&
    body.lineId !== undefined &&
    body.truckId !== undefined &&
    body.driverId !== undefined &&
    body.weekdays.length > 0 &&
    body.departTime !== '' &&
    body.startDate !== '';
  const key = ready ? JSON.stringify({ ...body, remark: '', id }) : '';
  const current = useRef<AbortController | null>(null);
  const run = useCallback(() => {
    if (!key) return;
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setChecked({ state: 'checking' });
    checkSchedule({ ...JSON.parse(key), id }, controller.signal)
      .then((result) => {
        if (!controller.signal.aborted) setChecked({ state: 'done', result });
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted)
          setChecked({ state: 'error', message: err instanceof Error ? err.message : String(err) });
      });
  }, [key, id]);
  useEffect(() => {
    if (!key) {
      setChecked({ state: 'idle' });
      return;
    }
    const timer = setTimeout(run, 500);
    return () => clearTimeout(timer);
  }, [key, run]);
  useEffect(() => () => current.current?.abort(), []);
  return { checked, run, ready };
}

function ConflictPanel({
  checked,
  ready,
  onCheck,
}: {
  checked: Checked;
  ready: boolean;
  onCheck: () => void;
}) {
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="schedule-conflicts">
      <Space>
        <Button onClick={onCheck} disabled={!ready} loading={checked.state === 'checking'}>
          {t.checkConflicts}
        </Button>
        {checked.state === 'checking' ? (
          <Typography.Text type="secondary">{t.checking}</Typography.Text>
        ) : null}
      </Space>
      {checked.state === 'error' ? <Alert type="error" showIcon message={checked.message} /> : null}
      {checked.state === 'done' && checked.result.conflicts.length === 0 ? (
        <Alert
          type="success"
          showIcon
          message={t.noConflicts(checked.result.from, checked.result.to, checked.result.days.length)}
        />
      ) : null}
      {checked.state === 'done' && checked.result.conflicts.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          message={t.conflictsTitle(checked.result.conflicts.length)}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 180, overflowY: 'auto' }}>
              {checked.result.conflicts.map((c) => (
                <li key={`${c.day}-${c.kind}-${c.message}`}>{c.message}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Space>
  );
}

/** The items of 新增排班计划 / 编辑排班计划 / 查看排班计划, with the conflicts of the form before saving. */
export function PlanScheduleFormItems({
  form,
  row,
  status,
}: RecordFormProps<PlanScheduleFields, PlanSchedule>) {
  const values = Form.useWatch((v: PlanScheduleFields) => v, form);
  const editing = status !== 'preview';
  const { checked, run, ready } = useConflictCheck(values, row?.id, editing);
  const conflicts = checked.state === 'done' ? checked.result.conflicts.length : 0;
  const lineId = values?.lineId;
  const [orders, setOrders] = useState<OrderOption[]>([]);
  useEffect(() => {
    if (!lineId || !editing) {
      setOrders([]);
      return;
    }
    let live = true;
    fetchOrderOptions({ lineId })
      .then((list) => {
        if (live) setOrders(list);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [lineId, editing]);
  useEffect(() => {
    // a new answer with conflicts asks again
    if (checked.state === 'done' && checked.result.conflicts.length > 0)
      form.setFieldValue('acceptConflicts', false);
  }, [checked, form]);

  const tonsRule = checkRule((v) => (TONS.test(v) && Number(v) > 0 ? null : t.tonsRule));
  return (
    <Row gutter={16}>
      <Col {...span}>
        <Form.Item
          name="name"
          label={t.name}
          rules={[{ required: true, whitespace: true, message: t.required.name }, maxRule(30)]}
        >
          <Input maxLength={30} placeholder={t.namePlaceholder} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="lineId" label={t.line} rules={[{ required: true, message: t.required.line }]}>
          <LineSelect
            selected={row ? { value: row.lineId, label: row.lineName } : undefined}
            placeholder={t.linePlaceholder}
          />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="truckId" label={t.truck} rules={[{ required: true, message: t.required.truck }]}>
          <RemoteSelect<VehicleOption>
            fetchOptions={fetchTrucks}
            toOption={(v) => ({ value: Number(v.id), label: v.value })}
            selectedOptions={row ? [{ value: row.truckId, label: row.carNo }] : []}
            placeholder={t.truckPlaceholder}
          />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="driverId" label={t.driver} rules={[{ required: true, message: t.required.driver }]}>
          <DriverSelect
            selectedOptions={row ? [{ value: row.driverId, label: row.driverName }] : []}
            placeholder={t.driverPlaceholder}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="weekdays"
          label={t.weekdays}
          rules={[{ required: true, message: t.required.weekdays }]}
        >
          <Checkbox.Group options={SCHEDULE_WEEKDAYS.map((d) => ({ value: d.value, label: d.label }))} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="departTime"
          label={t.departTime}
          rules={[{ required: true, message: t.required.departTime }]}
        >
          <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="daysAhead"
          label={t.daysAhead}
          rules={[{ required: true, message: t.daysAheadHelp }]}
        >
          <InputNumber
            min={SCHEDULE_DAYS_AHEAD.min}
            max={SCHEDULE_DAYS_AHEAD.max}
            precision={0}
            addonAfter="天"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="startDate"
          label={t.startDate}
          rules={[{ required: true, message: t.required.startDate }]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="endDate"
          label={t.endDate}
          dependencies={['startDate']}
          rules={[
            {
              validator: (_, end: PlanScheduleFields['endDate']) => {
                const start = form.getFieldValue('startDate') as PlanScheduleFields['startDate'];
                return end && start && end.isBefore(start, 'day')
                  ? Promise.reject(new Error(t.endDateRule))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker style={{ width: '100%' }} placeholder={t.endDatePlaceholder} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="cargo" label={t.cargo} rules={[maxRule(30)]}>
          <Input maxLength={30} placeholder={t.cargoPlaceholder} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="plannedTons" label={t.plannedTons} rules={[tonsRule]}>
          <Input placeholder={t.plannedTonsPlaceholder} suffix="吨" />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="orderId" label={t.order}>
          <Select
            allowClear
            placeholder={t.orderPlaceholder}
            options={[
              ...(row?.orderId && !orders.some((o) => o.id === row.orderId)
                ? [{ value: row.orderId, label: row.orderNo }]
                : []),
              ...orders.map((o) => ({ value: o.id, label: `${o.orderNo} ${o.customerName} ${o.cargo}` })),
            ]}
          />
        </Form.Item>
      </Col>
      <TeamRemarkItems labels={t} span={span} />
      {editing ? (
        <Col span={24}>
          <ConflictPanel checked={checked} ready={ready} onCheck={run} />
          {conflicts > 0 ? (
            <Form.Item
              name="acceptConflicts"
              valuePropName="checked"
              style={{ marginTop: 8 }}
              rules={[
                {
                  validator: (_, accepted: boolean | undefined) =>
                    accepted ? Promise.resolve() : Promise.reject(new Error(t.acceptRequired)),
                },
              ]}
            >
              <Checkbox>{t.acceptConflicts}</Checkbox>
            </Form.Item>
          ) : null}
        </Col>
      ) : null}
    </Row>
  );
}
