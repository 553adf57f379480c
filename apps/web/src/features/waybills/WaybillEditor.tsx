import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Form, Input, Row, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchVehicleOptions, type VehicleOption } from '../../api/common';
import {
  addWaybill,
  editWaybill,
  fetchBillNo,
  fetchLineEnds,
  fetchTruckDriver,
  fetchWaybill,
  type WaybillDetail,
  type WaybillFields,
} from '../../api/waybills';
import { CustomerSelect, DriverSelect, LineSelect, type RemoteOption, RemoteSelect } from '../../kit';
import { maxRule, requiredRule } from '../../kit/formRules';
import { TeamRemarkItems } from '../../kit/record/TeamRemarkItems';
import { texts } from '../../locales';
import { ChangeLineDialog } from './ChangeLineDialog';
import { waybillRecord } from './waybill.record';
import { emptyBlock, timeText, timeValue, WaybillStateTag } from './waybillParts';
import { waybillPaths } from './waybillPaths';

const t = texts.waybills;
const f = t.form;
const col = { xs: 24, md: 12, xl: 8 };

interface EditorValues {
  billNo?: string;
  customerId?: number;
  lineId?: number;
  cargo?: string;
  truckId?: number;
  driverId?: number;
  plannedLoadTime?: ReturnType<typeof timeValue>;
  plannedArriveTime?: ReturnType<typeof timeValue>;
  remark?: string;
  teamCode?: string;
}

/** A truck of the picker: the lookup's detailed variant also names its team. */
type TruckOption = VehicleOption & { teamCode?: string };

const fetchTrucks = (pageNum: number, pageSize: number, keyword: string) =>
  fetchVehicleOptions(pageNum, pageSize, keyword) as Promise<TruckOption[]>;

/** The line's loading and unloading station under its picker. */
function LineEnds({ lineId, fallback }: { lineId: number | undefined; fallback?: WaybillDetail }) {
  // the waybill's own stations while its line is the one chosen, else the chosen line's ends
  const own = fallback !== undefined && fallback.lineId === lineId;
  const ends = useQuery({
    queryKey: ['waybills', 'lineEnds', lineId],
    queryFn: () => fetchLineEnds(lineId as number),
    enabled: lineId !== undefined && !own,
    retry: false,
  });
  if (lineId === undefined) return null;
  const [from, to] = own
    ? [fallback.loadingStationName, fallback.unloadingStationName]
    : [ends.data?.startAddress ?? '', ends.data?.endAddress ?? ''];
  return (
    <Typography.Text type="secondary" data-testid="line-ends">
      {t.loadingStation} → {t.unloadingStation}：{f.lineEnds(from, to)}
    </Typography.Text>
  );
}

/**
 * 创建运单 (no id) and 编辑运单: the bill number from the server, customer, line (its stations
 * shown), cargo, truck (its bound driver and team preselected), driver, planned times, remark and
 * team. After loading, customer and line change only by 变更线路 (with a reason). Saving goes to the
 * detail.
 */
export function WaybillEditor({ id }: { id?: number }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const paths = waybillPaths(pathname);
  const editing = id !== undefined;
  const waybill = useQuery({
    queryKey: ['waybills', 'info', id],
    queryFn: () => fetchWaybill(id as number),
    enabled: editing && id > 0,
    staleTime: 0,
  });
  const billNo = useQuery({
    queryKey: ['waybills', 'billNo', pathname],
    queryFn: fetchBillNo,
    enabled: !editing,
    // taking a number uses it up: one a form, a new one only after a save (which invalidates it)
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  if (editing && !(id > 0)) return emptyBlock(t.notFound);
  if (editing && waybill.isError) return emptyBlock(t.notFound);
  if (editing && !waybill.data) return <Spin />;
  if (!editing && billNo.isError) return emptyBlock(t.loadFailed);
  if (!editing && billNo.data === undefined) return <Spin />;
  const saved = (savedId: number) => {
    void client.invalidateQueries({ queryKey: ['list', waybillRecord.listKey] });
    void client.invalidateQueries({ queryKey: ['waybills'] });
    navigate(paths.detail(savedId));
  };
  return (
    <WaybillForm
      key={waybill.data ? `${waybill.data.id}-${waybill.data.updateTime}` : 'new'}
      waybill={waybill.data}
      billNo={waybill.data?.billNo ?? billNo.data ?? ''}
      onSaved={(savedId, no) => {
        void message.success(editing ? f.saved : f.created(no));
        saved(savedId);
      }}
      onLineChanged={() => void waybill.refetch()}
      onBack={() => navigate(paths.list)}
    />
  );
}

interface WaybillFormProps {
  waybill?: WaybillDetail;
  billNo: string;
  onSaved: (id: number, billNo: string) => void;
  onLineChanged: () => void;
  onBack: () => void;
}

function WaybillForm({ waybill, billNo, onSaved, onLineChanged, onBack }: WaybillFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EditorValues>();
  const [saving, setSaving] = useState(false);
  const [changingLine, setChangingLine] = useState(false);
  const [driverOption, setDriverOption] = useState<RemoteOption[]>(
    waybill?.driverId ? [{ value: waybill.driverId, label: waybill.driverName }] : [],
  );
  const lineId = Form.useWatch('lineId', form);
  // the customer and the line stay as they are once loading began
  const linesLocked = waybill !== undefined && waybill.status > 1;

  const chooseTruck = async (truckId: number | undefined, trucks: TruckOption[]) => {
    form.setFieldValue('driverId', undefined);
    if (truckId === undefined) return;
    const truck = trucks[0];
    if (truck?.teamCode) form.setFieldValue('teamCode', truck.teamCode);
    try {
      const bound = await fetchTruckDriver(truckId);
      if (form.getFieldValue('truckId') !== truckId) return;
      if (bound.teamCode) form.setFieldValue('teamCode', bound.teamCode);
      if (bound.driverId) {
        setDriverOption([
          {
            value: bound.driverId,
            label: bound.driverPhone ? `${bound.driverName}（${bound.driverPhone}）` : bound.driverName,
          },
        ]);
        form.setFieldValue('driverId', bound.driverId);
      }
    } catch {
      // without the right to read the truck, the driver is chosen by hand
    }
  };

  const submit = async () => {
    let v: EditorValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const fields: WaybillFields = {
      customerId: v.customerId as number,
      lineId: v.lineId as number,
      cargo: (v.cargo ?? '').trim(),
      truckId: v.truckId as number,
      driverId: v.driverId ?? null,
      plannedLoadTime: timeText(v.plannedLoadTime) ?? '',
      plannedArriveTime: timeText(v.plannedArriveTime) ?? '',
      remark: v.remark?.trim() ?? '',
      teamCode: v.teamCode,
    };
    setSaving(true);
    try {
      const answer = waybill
        ? await editWaybill({ ...fields, id: waybill.id })
        : await addWaybill({ ...fields, billNo });
      if (answer.code === 200) onSaved(answer.data?.id ?? waybill?.id ?? 0, answer.data?.billNo ?? billNo);
      else if (answer.msg) void message.error(answer.msg);
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<EditorValues>
      form={form}
      name="waybill"
      layout="vertical"
      initialValues={
        waybill
          ? {
              billNo: waybill.billNo,
              customerId: waybill.customerId,
              lineId: waybill.lineId,
              cargo: waybill.cargo,
              truckId: waybill.truckId,
              driverId: waybill.driverId ?? undefined,
              plannedLoadTime: timeValue(waybill.plannedLoadTime),
              plannedArriveTime: timeValue(waybill.plannedArriveTime),
              remark: waybill.remark,
              teamCode: waybill.teamCode,
            }
          : { billNo }
      }
    >
      <Card
        size="small"
        title={
          <Space>
            {f.baseSection}
            {waybill && <WaybillStateTag waybill={waybill} />}
          </Space>
        }
        style={{ marginBottom: 12 }}
        extra={
          linesLocked &&
          waybill?.cancelled !== 1 &&
          waybill?.status !== 6 && <Button onClick={() => setChangingLine(true)}>{f.changeLine}</Button>
        }
      >
        <Row gutter={24}>
          <Col {...col}>
            <Form.Item name="billNo" label={t.billNo}>
              <Input readOnly disabled />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              name="customerId"
              label={t.customer}
              rules={[{ required: true, message: t.required.customer }]}
              extra={linesLocked ? f.lockedAfterLoading : undefined}
            >
              <CustomerSelect
                selected={waybill ? { value: waybill.customerId, label: waybill.customerName } : undefined}
                placeholder={t.customerPlaceholder}
                disabled={linesLocked}
              />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              name="lineId"
              label={t.line}
              rules={[{ required: true, message: t.required.line }]}
              extra={<LineEnds lineId={lineId} fallback={waybill} />}
            >
              <LineSelect
                selected={waybill ? { value: waybill.lineId, label: waybill.lineName } : undefined}
                placeholder={t.linePlaceholder}
                disabled={linesLocked}
              />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="cargo" label={t.cargo} rules={[requiredRule(t.required.cargo), maxRule(30)]}>
              <Input maxLength={30} placeholder={t.cargoPlaceholder} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="plannedLoadTime" label={t.plannedLoadTime}>
              <DatePicker showTime style={{ width: '100%' }} placeholder={t.pickTime} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="plannedArriveTime" label={t.plannedArriveTime}>
              <DatePicker showTime style={{ width: '100%' }} placeholder={t.pickTime} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={f.transportSection} style={{ marginBottom: 12 }}>
        <Row gutter={24}>
          <Col {...col}>
            <Form.Item name="truckId" label={t.truck} rules={[{ required: true, message: t.required.truck }]}>
              <RemoteSelect<TruckOption>
                fetchOptions={fetchTrucks}
                toOption={(v) => ({ value: Number(v.id), label: v.value })}
                selectedOptions={waybill ? [{ value: waybill.truckId, label: waybill.carNo }] : []}
                placeholder={t.truckPlaceholder}
                onChange={(value, trucks) =>
                  void chooseTruck(value === undefined ? undefined : Number(value), trucks)
                }
              />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="driverId" label={t.driver} extra={f.driverDefault}>
              <DriverSelect selectedOptions={driverOption} placeholder={t.driverPlaceholder} />
            </Form.Item>
          </Col>
          <TeamRemarkItems labels={t} span={col} teamExtra={f.teamDefault} />
        </Row>
      </Card>
      <Space>
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          {f.save}
        </Button>
        <Button onClick={onBack}>{t.toList}</Button>
      </Space>
      {waybill && (
        <ChangeLineDialog
          open={changingLine}
          waybill={waybill}
          onClose={() => setChangingLine(false)}
          onChanged={() => {
            onLineChanged();
          }}
        />
      )}
    </Form>
  );
}
