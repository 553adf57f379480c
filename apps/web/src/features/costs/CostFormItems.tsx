import { COST_PAY_METHOD_LABELS, COST_TYPE } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, Row, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { fetchVehicleOptions, type VehicleOption } from '../../api/common';
import { request } from '../../api/request';
import { DriverSelect, ImageUploader, type RecordFormProps, RemoteSelect } from '../../kit';
import { texts } from '../../locales';
import { type CostRow, fetchCostTypes } from './api';

const t = texts.costs;

/** The values of the cost dialog as the form holds them. */
export interface CostFields {
  truckId?: number;
  costDate?: Dayjs | string;
  /** '1'…'4', or '5-<feeTypeId>' for a custom type. */
  typeKey?: string;
  costType?: number;
  feeTypeId?: number | null;
  quantity?: string;
  unitPrice?: string;
  amount?: string;
  occurredAt?: Dayjs | string | null;
  driverId?: number | null;
  waybillId?: number | null;
  tripId?: number | null;
  payMethod?: number | null;
  place?: string;
  invoiceImages?: string[];
  remark?: string;
}

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,7}(\.\d{1,2})?$/;

/** Yuan text of quantity × unit price, rounded to the fen; undefined unless both are numbers. */
export function productYuan(quantity?: string, unitPrice?: string): string | undefined {
  if (!quantity || !unitPrice || !QUANTITY.test(quantity) || !MONEY.test(unitPrice)) return undefined;
  const fen = Math.round((Math.round(Number(quantity) * 100) * Math.round(Number(unitPrice) * 100)) / 100);
  return (fen / 100).toFixed(2);
}

type TruckOption = VehicleOption;
const fetchTrucks = (pageNum: number, pageSize: number, keyword: string) =>
  fetchVehicleOptions(pageNum, pageSize, keyword);

interface WaybillOption {
  id: number;
  billNo: string;
  createdAt: string;
}
interface TripOption {
  id: number;
  startTime: string;
  endTime: string;
  mileage: string;
}

/** A truck picker whose value is the truck's id (the plate shown). */
export function TruckIdSelect(props: {
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  selected?: { id: number; carNo: string };
  disabled?: boolean;
  width?: number | string;
  id?: string;
}) {
  return (
    <RemoteSelect<TruckOption>
      id={props.id}
      fetchOptions={fetchTrucks}
      toOption={(v) => ({ value: Number(v.id), label: v.value })}
      selectedOptions={props.selected ? [{ value: props.selected.id, label: props.selected.carNo }] : []}
      placeholder={t.truckPlaceholder}
      value={props.value ?? undefined}
      disabled={props.disabled}
      style={{ width: props.width ?? '100%' }}
      onChange={(v) => props.onChange?.(v === undefined ? undefined : Number(v))}
    />
  );
}

/** The items of 新增/编辑费用 for one cost type (or, for 杂费, sundry and the custom types). */
function CostFormItems({ kind, form, status, row }: RecordFormProps<CostFields, CostRow> & { kind: number }) {
  const disabled = status === 'preview';
  const truckId = Form.useWatch('truckId', form);
  const costDate = Form.useWatch('costDate', form) as Dayjs | undefined;
  const quantity = Form.useWatch('quantity', form);
  const unitPrice = Form.useWatch('unitPrice', form);
  const refuel = kind === COST_TYPE.refuel;
  const types = useQuery({
    queryKey: ['costs', 'types'],
    queryFn: fetchCostTypes,
    enabled: kind === COST_TYPE.sundry,
  });
  const waybills = useQuery({
    queryKey: ['costs', 'waybills', truckId],
    queryFn: () =>
      request<WaybillOption[]>('GET', '/miscellaneous/waybill/options', {
        query: { truckId: truckId as number },
      }),
    enabled: typeof truckId === 'number',
  });
  const day = costDate && typeof costDate !== 'string' ? costDate.format('YYYY-MM-DD') : undefined;
  const trips = useQuery({
    queryKey: ['costs', 'trips', truckId, day],
    queryFn: () =>
      request<TripOption[]>('GET', '/miscellaneous/trip/options', {
        query: { truckId: truckId as number, date: day as string },
      }),
    enabled: typeof truckId === 'number' && day !== undefined,
  });
  const product = productYuan(quantity, unitPrice);
  const span = { span: 12 };
  return (
    <Row gutter={16}>
      <Col {...span}>
        <Form.Item name="truckId" label={t.truck} rules={[{ required: true, message: t.required.truck }]}>
          <TruckIdSelect
            disabled={disabled}
            selected={row ? { id: row.truckId, carNo: row.carNo } : undefined}
          />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="costDate" label={t.date} rules={[{ required: true, message: t.required.date }]}>
          <DatePicker style={{ width: '100%' }} disabled={disabled} />
        </Form.Item>
      </Col>
      {kind === COST_TYPE.sundry && (
        <Col {...span}>
          <Form.Item
            name="typeKey"
            label={t.costType}
            rules={[{ required: true, message: t.required.costType }]}
          >
            <Select
              disabled={disabled}
              loading={types.isLoading}
              options={(types.data ?? [])
                .filter((o) => o.costType === COST_TYPE.sundry || o.custom)
                .map((o) => ({
                  value: o.custom ? `5-${o.feeTypeId}` : String(o.costType),
                  label: o.custom ? `${o.name}（${t.customType}）` : o.name,
                }))}
            />
          </Form.Item>
        </Col>
      )}
      {refuel && (
        <>
          <Col {...span}>
            <Form.Item
              name="quantity"
              label={t.litres}
              rules={[
                { required: true, message: t.required.quantity },
                { pattern: QUANTITY, message: t.rules.quantity },
              ]}
            >
              <Input disabled={disabled} suffix="L" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col {...span}>
            <Form.Item
              name="unitPrice"
              label={t.litrePrice}
              rules={[
                { required: true, message: t.required.unitPrice },
                { pattern: MONEY, message: t.rules.money },
              ]}
            >
              <Input disabled={disabled} inputMode="decimal" />
            </Form.Item>
          </Col>
        </>
      )}
      <Col {...span}>
        <Form.Item
          name="amount"
          label={t.amount}
          dependencies={['quantity', 'unitPrice']}
          extra={
            refuel && product ? (
              <Typography.Link disabled={disabled} onClick={() => form.setFieldValue('amount', product)}>
                {t.amountHint(quantity as string, unitPrice as string, product)}（{t.computeAmount}）
              </Typography.Link>
            ) : undefined
          }
          rules={[
            { required: true, message: t.required.amount },
            { pattern: MONEY, message: t.rules.money },
            {
              validator: async (_, value: string | undefined) => {
                if (value && Number(value) <= 0) throw new Error(t.rules.money);
                const p = productYuan(form.getFieldValue('quantity'), form.getFieldValue('unitPrice'));
                if (
                  refuel &&
                  value &&
                  p &&
                  Math.abs(Math.round(Number(value) * 100) - Math.round(Number(p) * 100)) > 1
                )
                  throw new Error(t.rules.mismatch(p));
              },
            },
          ]}
        >
          <Input disabled={disabled} inputMode="decimal" />
        </Form.Item>
      </Col>
      {(refuel || kind === COST_TYPE.roadBridge) && (
        <Col {...span}>
          <Form.Item name="occurredAt" label={t.occurredAt}>
            <DatePicker showTime style={{ width: '100%' }} disabled={disabled} />
          </Form.Item>
        </Col>
      )}
      <Col {...span}>
        <Form.Item name="payMethod" label={t.payMethod}>
          <Select
            allowClear
            disabled={disabled}
            options={Object.entries(COST_PAY_METHOD_LABELS).map(([v, label]) => ({
              value: Number(v),
              label,
            }))}
          />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="driverId" label={t.driver}>
          <DriverSelect
            disabled={disabled}
            selectedOptions={row?.driverId ? [{ value: row.driverId, label: row.driverName }] : []}
          />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="place"
          label={refuel ? t.placeRefuel : kind === COST_TYPE.roadBridge ? t.placeToll : t.place}
        >
          <Input disabled={disabled} maxLength={100} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="waybillId" label={t.waybill}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            disabled={disabled || typeof truckId !== 'number'}
            placeholder={t.waybillPlaceholder}
            options={[
              ...(row?.waybillId && !waybills.data?.some((w) => w.id === row.waybillId)
                ? [{ value: row.waybillId, label: row.billNo }]
                : []),
              ...(waybills.data ?? []).map((w) => ({ value: w.id, label: w.billNo })),
            ]}
          />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="tripId" label={t.trip}>
          <Select
            allowClear
            disabled={disabled || typeof truckId !== 'number'}
            options={(trips.data ?? []).map((r) => ({
              value: r.id,
              label: `${r.startTime.slice(5, 16)} ~ ${r.endTime.slice(5, 16)}（${r.mileage}km）`,
            }))}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="remark" label={t.remark}>
          <Input.TextArea disabled={disabled} maxLength={200} rows={2} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="invoiceImages" label={t.invoiceImages}>
          <ImageUploader disabled={disabled} invoice={{ noun: t.invoiceImages }} />
        </Form.Item>
      </Col>
    </Row>
  );
}

type ItemsProps = RecordFormProps<CostFields, CostRow>;
const RefuelFormItems = (p: ItemsProps) => <CostFormItems kind={COST_TYPE.refuel} {...p} />;
const RoadBridgeFormItems = (p: ItemsProps) => <CostFormItems kind={COST_TYPE.roadBridge} {...p} />;
const MaintenanceFormItems = (p: ItemsProps) => <CostFormItems kind={COST_TYPE.maintenance} {...p} />;
const SundryFormItems = (p: ItemsProps) => <CostFormItems kind={COST_TYPE.sundry} {...p} />;

/** The dialog's items of each cost page's type (杂费 also picks the custom types). */
export const COST_FORM_ITEMS: Record<number, (p: ItemsProps) => ReturnType<typeof CostFormItems>> = {
  [COST_TYPE.refuel]: RefuelFormItems,
  [COST_TYPE.roadBridge]: RoadBridgeFormItems,
  [COST_TYPE.maintenance]: MaintenanceFormItems,
  [COST_TYPE.sundry]: SundryFormItems,
};
