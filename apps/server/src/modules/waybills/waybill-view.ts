import {
  enumLabel,
  FEE_KINDS,
  fenToYuan,
  formatDateTime,
  kgToTons,
  PRICE_TYPES,
  PRICE_UNITS,
  SETTLE_WEIGHTS,
  WAYBILL_APPROVAL_STATES,
  waybillExceptionTypeName,
  waybillFeeStateName,
  waybillFlowActionName,
  waybillSourceName,
  waybillStateName,
  waybillStatusText,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ListedRow, RecordQuery } from '../../records/record';
import type { WaybillTable } from './waybills.table';

// A waybill as the API answers it (the contract's WaybillView), its timeline rows, fees,
// exceptions and weighbridge slips: times 'YYYY-MM-DD HH:mm:ss' ('' when none), kg and fen as
// numbers (null when not known) beside tons and yuan texts ('' then).

/** The joins of a listed waybill: names of its customer, line, stations, truck, driver and team. */
export const waybillJoins = (q: RecordQuery) =>
  q
    .leftJoin('customer', 'customer.id', 'waybill.customer_id')
    .leftJoin('line', 'line.id', 'waybill.line_id')
    .leftJoin('station as ls', 'ls.id', 'waybill.loading_station_id')
    .leftJoin('station as us', 'us.id', 'waybill.unloading_station_id')
    .leftJoin('truck', 'truck.id', 'waybill.truck_id')
    .leftJoin('driver', 'driver.id', 'waybill.driver_id')
    .leftJoin('team', (j) =>
      j
        .onRef('team.merchant_id', '=', 'waybill.merchant_id')
        .onRef('team.team_code', '=', 'waybill.team_code'),
    );

/** The columns `waybillView` reads (with `waybillJoins`). */
export const WAYBILL_SELECTION = [
  'waybill.id',
  'waybill.team_code',
  'team.team_name',
  'waybill.bill_no',
  'waybill.source',
  'waybill.plan_id',
  'waybill.customer_id',
  'customer.customer_name',
  'waybill.line_id',
  'line.name as line_name',
  'waybill.loading_station_id',
  'ls.name as loading_station_name',
  'waybill.unloading_station_id',
  'us.name as unloading_station_name',
  'waybill.cargo',
  'waybill.truck_id',
  'truck.car_no',
  'waybill.driver_id',
  'driver.name as driver_name',
  'driver.phone as driver_phone',
  'waybill.planned_load_at',
  'waybill.planned_arrive_at',
  'waybill.status',
  'waybill.loading_at',
  'waybill.departed_at',
  'waybill.arrived_at',
  'waybill.completed_at',
  'waybill.cancelled',
  'waybill.cancel_reason',
  'waybill.cancelled_at',
  'waybill.approval_state',
  'waybill.approval_remark',
  'waybill.loading_gross_kg',
  'waybill.loading_tare_kg',
  'waybill.loading_net_kg',
  'waybill.loading_weighed_at',
  'waybill.loading_photos',
  'waybill.unloading_gross_kg',
  'waybill.unloading_tare_kg',
  'waybill.unloading_net_kg',
  'waybill.unloading_weighed_at',
  'waybill.unloading_photos',
  'waybill.back_photos',
  'waybill.back_remark',
  'waybill.back_at',
  'waybill.transport_price_id',
  'waybill.price_type',
  'waybill.price_fen',
  'waybill.settle_weight',
  'waybill.allowed_loss_permille',
  'waybill.price_deduction_fen',
  'waybill.settle_kg',
  'waybill.loss_kg',
  'waybill.freight_gross_fen',
  'waybill.loss_deduction_fen',
  'waybill.freight_fen',
  'waybill.remark',
  'waybill.created_at',
  'waybill.updated_at',
] as const;

/**
 * A listed waybill row (WAYBILL_SELECTION): the table's columns but the approver's, and the names of
 * the customer, line, stations, truck and driver it points at.
 */
export type WaybillListedRow = Omit<
  ListedRow<
    WaybillTable,
    {
      customer_name: string | null;
      line_name: string | null;
      loading_station_name: string | null;
      unloading_station_name: string | null;
      car_no: string | null;
      driver_name: string | null;
      driver_phone: string | null;
    }
  >,
  'approved_by' | 'approved_at'
>;

/** 'YYYY-MM-DD HH:mm:ss' of epoch ms; '' for none. */
export const timeText = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '' : formatDateTime(new Date(Number(ms)));

const yuan = (fen: number | null) => (fen === null ? '' : fenToYuan(Number(fen)));
const num = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/** Whether the freight is known: a price applied and the weight it settles on weighed. */
function freightKnown(row: Pick<WaybillListedRow, 'price_type' | 'loading_net_kg' | 'settle_kg'>): boolean {
  if (row.price_type === null) return false;
  return row.price_type === 2 ? row.loading_net_kg !== null : row.settle_kg !== null;
}

/** A waybill as the API answers it (WaybillView of the contract). */
export function waybillView(row: WaybillListedRow) {
  const known = freightKnown(row);
  const fen = (value: number) => (known ? Number(value) : null);
  const priceType = num(row.price_type);
  const settleWeight = num(row.settle_weight);
  return {
    id: row.id,
    billNo: row.bill_no,
    source: row.source,
    sourceName: waybillSourceName(row.source),
    customerId: row.customer_id,
    customerName: row.customer_name ?? '',
    lineId: row.line_id,
    lineName: row.line_name ?? '',
    loadingStationId: row.loading_station_id,
    loadingStationName: row.loading_station_name ?? '',
    unloadingStationId: row.unloading_station_id,
    unloadingStationName: row.unloading_station_name ?? '',
    cargo: row.cargo,
    truckId: row.truck_id,
    carNo: row.car_no ?? '',
    driverId: row.driver_id,
    driverName: row.driver_name ?? '',
    driverPhone: row.driver_phone ?? '',
    planId: row.plan_id,
    plannedLoadTime: timeText(row.planned_load_at),
    plannedArriveTime: timeText(row.planned_arrive_at),
    status: row.status,
    statusName: waybillStatusText(row.status, row.cancelled),
    cancelled: row.cancelled === 1 ? 1 : 0,
    cancelReason: row.cancel_reason ?? '',
    cancelTime: timeText(row.cancelled_at),
    approvalState: row.approval_state,
    approvalStateName: enumLabel(WAYBILL_APPROVAL_STATES, row.approval_state),
    approvalRemark: row.approval_remark ?? '',
    loadingGrossKg: num(row.loading_gross_kg),
    loadingTareKg: num(row.loading_tare_kg),
    loadingNetKg: num(row.loading_net_kg),
    loadingNetTons: kgToTons(row.loading_net_kg),
    loadingWeighTime: timeText(row.loading_weighed_at),
    loadingPhotos: row.loading_photos ?? '',
    unloadingGrossKg: num(row.unloading_gross_kg),
    unloadingTareKg: num(row.unloading_tare_kg),
    unloadingNetKg: num(row.unloading_net_kg),
    unloadingNetTons: kgToTons(row.unloading_net_kg),
    unloadingWeighTime: timeText(row.unloading_weighed_at),
    unloadingPhotos: row.unloading_photos ?? '',
    backPhotos: row.back_photos ?? '',
    backRemark: row.back_remark ?? '',
    backTime: timeText(row.back_at),
    loadingTime: timeText(row.loading_at),
    departTime: timeText(row.departed_at),
    arriveTime: timeText(row.arrived_at),
    completeTime: timeText(row.completed_at),
    transportPriceId: row.transport_price_id,
    priceType,
    priceTypeName: priceType === null ? '' : enumLabel(PRICE_TYPES, priceType),
    priceFen: num(row.price_fen),
    priceYuan: yuan(num(row.price_fen)),
    priceUnit: priceType === null ? '' : (PRICE_UNITS[priceType] ?? ''),
    settleWeight,
    settleWeightName: settleWeight === null ? '' : enumLabel(SETTLE_WEIGHTS, settleWeight),
    allowedLossPermille: num(row.allowed_loss_permille),
    priceDeductionFen: num(row.price_deduction_fen),
    priceDeductionYuan: yuan(num(row.price_deduction_fen)),
    settleKg: num(row.settle_kg),
    settleTons: kgToTons(row.settle_kg),
    lossKg: num(row.loss_kg),
    lossTons: kgToTons(row.loss_kg),
    freightGrossFen: fen(row.freight_gross_fen),
    freightGrossYuan: yuan(fen(row.freight_gross_fen)),
    lossDeductionFen: fen(row.loss_deduction_fen),
    lossDeductionYuan: yuan(fen(row.loss_deduction_fen)),
    freightFen: fen(row.freight_fen),
    freightYuan: yuan(fen(row.freight_fen)),
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    remark: row.remark ?? '',
    createTime: timeText(row.created_at),
    updateTime: timeText(row.updated_at),
  };
}
export type WaybillView = ReturnType<typeof waybillView>;

/** Listed waybills of these ids with their names, in the order of `ids`. */
export async function waybillViews(db: Kysely<Database>, ids: readonly number[]): Promise<WaybillView[]> {
  if (ids.length === 0) return [];
  const rows = (await waybillJoins(db.selectFrom('waybill') as unknown as RecordQuery)
    .select([...WAYBILL_SELECTION])
    .where('waybill.id', 'in', [...ids])
    .execute()) as WaybillListedRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [waybillView(row)] : [];
  });
}

/** One waybill as the API answers it (the caller has checked its scope). */
export async function waybillViewOf(db: Kysely<Database>, id: number): Promise<WaybillView> {
  const [view] = await waybillViews(db, [id]);
  if (!view) throw new Error(`waybill ${id} vanished`);
  return view;
}

/** A weighbridge slip (磅单) as `pound/info` answers it; null when not weighed. */
export function slipView(
  gross: number | null,
  tare: number | null,
  net: number | null,
  at: number | null,
  photos: string | null,
) {
  if (net === null || gross === null || tare === null) return null;
  return {
    grossKg: Number(gross),
    tareKg: Number(tare),
    netKg: Number(net),
    grossTons: kgToTons(gross),
    tareTons: kgToTons(tare),
    netTons: kgToTons(net),
    weighTime: timeText(at),
    photos: photos ?? '',
  };
}

/** The timeline of a waybill, oldest first (FlowRow of the contract). */
export async function flowRows(db: Kysely<Database>, waybillId: number) {
  const rows = await db
    .selectFrom('waybill_flow as f')
    .leftJoin('station as s', 's.id', 'f.station_id')
    .select([
      'f.id',
      'f.action',
      'f.from_status',
      'f.to_status',
      'f.source',
      'f.actor_name',
      'f.station_id',
      's.name as station_name',
      'f.lat',
      'f.lng',
      'f.content',
      'f.at',
    ])
    .where('f.waybill_id', '=', waybillId)
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actionName: waybillFlowActionName(r.action),
    fromStatus: r.from_status,
    fromStatusName: r.from_status === null ? '' : waybillStateName(r.from_status),
    toStatus: r.to_status,
    toStatusName: r.to_status === null ? '' : waybillStateName(r.to_status),
    source: r.source,
    sourceName: waybillSourceName(r.source),
    actorName: r.actor_name ?? '',
    stationId: r.station_id,
    stationName: r.station_name ?? '',
    lat: num(r.lat),
    lng: num(r.lng),
    content: r.content ?? '',
    time: timeText(r.at),
  }));
}

/** The fees of a waybill other than its freight, oldest first (Fee of the contract). */
export async function feeRows(db: Kysely<Database>, waybillId: number) {
  const rows = await db
    .selectFrom('waybill_fee as f')
    .leftJoin('fee_type as t', 't.id', 'f.fee_type_id')
    .select([
      'f.id',
      'f.fee_type_id',
      't.fee_name',
      't.fee_kind',
      'f.amount_fen',
      'f.state',
      'f.remark',
      'f.photos',
      'f.created_at',
    ])
    .where('f.waybill_id', '=', waybillId)
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    feeTypeId: r.fee_type_id,
    feeTypeName: r.fee_name ?? '',
    feeKind: r.fee_kind,
    feeKindName: r.fee_kind === null ? '' : enumLabel(FEE_KINDS, r.fee_kind),
    amountFen: Number(r.amount_fen),
    amountYuan: fenToYuan(Number(r.amount_fen)),
    state: r.state,
    stateName: waybillFeeStateName(r.state),
    remark: r.remark ?? '',
    photos: r.photos ?? '',
    createTime: timeText(r.created_at),
  }));
}

/** The exceptions reported on a waybill, oldest first (Exception of the contract). */
export async function exceptionRows(db: Kysely<Database>, waybillId: number) {
  const rows = await db
    .selectFrom('waybill_exception')
    .selectAll()
    .where('waybill_id', '=', waybillId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    exceptionType: r.exception_type,
    exceptionTypeName: waybillExceptionTypeName(r.exception_type),
    description: r.description,
    photos: r.photos ?? '',
    lat: num(r.lat),
    lng: num(r.lng),
    address: r.address ?? '',
    sourceName: waybillSourceName(r.source),
    createTime: timeText(r.created_at),
  }));
}
