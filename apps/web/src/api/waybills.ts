import { WAYBILL_RECORD } from '@fleet/domain';
import { type Envelope, request, requestEnvelope } from './request';

/**
 * Calls of the waybill pages beside the record's own (list, info, add, edit, export and import come
 * from `waybillRecord`, features/waybills/waybill.record.tsx): bill numbers, moves of state, the
 * timeline, weighbridge slips, the receipt, cancelling, fees, exceptions, the line change, the
 * tabulation review and the pickers the form needs. Weights are whole kg, money whole fen.
 */

/** A waybill as the list and the detail answer it (the contract's WaybillView). */
export interface Waybill {
  id: number;
  billNo: string;
  source: number;
  sourceName: string;
  customerId: number;
  customerName: string;
  lineId: number;
  lineName: string;
  loadingStationId: number | null;
  loadingStationName: string;
  unloadingStationId: number | null;
  unloadingStationName: string;
  cargo: string;
  truckId: number;
  carNo: string;
  driverId: number | null;
  driverName: string;
  driverPhone: string;
  planId: number | null;
  /** '' when none. */
  plannedLoadTime: string;
  plannedArriveTime: string;
  status: number;
  statusName: string;
  cancelled: 0 | 1;
  cancelReason: string;
  cancelTime: string;
  approvalState: number;
  approvalStateName: string;
  approvalRemark: string;
  loadingGrossKg: number | null;
  loadingTareKg: number | null;
  loadingNetKg: number | null;
  loadingNetTons: string;
  loadingWeighTime: string;
  loadingPhotos: string;
  unloadingGrossKg: number | null;
  unloadingTareKg: number | null;
  unloadingNetKg: number | null;
  unloadingNetTons: string;
  unloadingWeighTime: string;
  unloadingPhotos: string;
  backPhotos: string;
  backRemark: string;
  backTime: string;
  loadingTime: string;
  departTime: string;
  arriveTime: string;
  completeTime: string;
  transportPriceId: number | null;
  priceType: number | null;
  priceTypeName: string;
  priceFen: number | null;
  priceYuan: string;
  priceUnit: string;
  settleWeight: number | null;
  settleWeightName: string;
  allowedLossPermille: number | null;
  priceDeductionFen: number | null;
  priceDeductionYuan: string;
  settleKg: number | null;
  settleTons: string;
  lossKg: number | null;
  lossTons: string;
  freightGrossFen: number | null;
  freightGrossYuan: string;
  lossDeductionFen: number | null;
  lossDeductionYuan: string;
  freightFen: number | null;
  freightYuan: string;
  teamCode: string;
  teamName: string;
  remark: string;
  createTime: string;
  updateTime: string;
}

export interface WaybillFee {
  id: number;
  feeTypeId: number;
  feeTypeName: string;
  feeKind: number;
  feeKindName: string;
  amountFen: number;
  amountYuan: string;
  state: number;
  stateName: string;
  remark: string;
  photos: string;
  createTime: string;
}

export interface WaybillException {
  id: number;
  exceptionType: number;
  exceptionTypeName: string;
  description: string;
  photos: string;
  lat: number | null;
  lng: number | null;
  address: string;
  sourceName: string;
  createTime: string;
}

/** The detail: the waybill with its fees and exceptions. */
export interface WaybillDetail extends Waybill {
  fees: WaybillFee[];
  exceptions: WaybillException[];
  /** A fee approval round of the waybill is under way (审批中). */
  approvalPending: boolean;
}

/** A row of the waybill's timeline (状态流转). */
export interface FlowRow {
  id: number;
  action: number;
  actionName: string;
  fromStatus: number | null;
  fromStatusName: string;
  toStatus: number | null;
  toStatusName: string;
  source: number;
  sourceName: string;
  actorName: string;
  stationId: number | null;
  stationName: string;
  lat: number | null;
  lng: number | null;
  content: string;
  time: string;
}

/** What the create and edit forms send. */
export interface WaybillFields {
  billNo?: string;
  customerId: number;
  lineId: number;
  cargo: string;
  truckId: number;
  driverId?: number | null;
  plannedLoadTime?: string;
  plannedArriveTime?: string;
  remark?: string;
  teamCode?: string;
}

/** A weighbridge slip: gross and tare in kg, the time and the photos (URLs joined with ';'). */
export interface PoundFields {
  waybillId: number;
  /** 1 loading, 2 unloading. */
  kind: number;
  grossKg: number;
  tareKg: number;
  weighTime: string;
  photos: string;
}

/** The receipt (回单): the unloading slip and the signed receipt's photos. */
export interface BackFields {
  waybillId: number;
  unloadingGrossKg: number;
  unloadingTareKg: number;
  unloadingWeighTime: string;
  unloadingPhotos?: string;
  backPhotos: string;
  backRemark?: string;
}

export interface BackInfo {
  waybillId: number;
  billNo: string;
  unloadingGrossKg: number | null;
  unloadingTareKg: number | null;
  unloadingNetKg: number | null;
  unloadingWeighTime: string;
  unloadingPhotos: string;
  backPhotos: string;
  backRemark: string;
  backTime: string;
}

/** A tabulation task (a pending waybill) with the drivers its truck may carry it with. */
export interface TaskOption {
  taskCode: string;
  waybillId: number;
  truckId: number;
  carNo: string;
  drivers: { id: number; name: string; phone: string }[];
}

/** The fields of the tabulation review when it edits the pending waybill before passing it. */
export interface ApprovalEditFields extends WaybillFields {
  id: number;
  loadingGrossKg?: number;
  loadingTareKg?: number;
  loadingWeighTime?: string;
  loadingPhotos?: string;
}

const path = (call: string) => `${WAYBILL_RECORD.paths.page.replace(/\/page$/, '')}/${call}`;

export function fetchWaybill(id: number): Promise<WaybillDetail> {
  return request<WaybillDetail>('GET', path('info'), { query: { id } });
}

/** The next bill number of the merchant's day. */
export function fetchBillNo(): Promise<string> {
  return request<string>('GET', path('billNo'));
}

export function addWaybill(fields: WaybillFields): Promise<Envelope<{ id: number; billNo: string }>> {
  return requestEnvelope<{ id: number; billNo: string }>('POST', path('add'), { body: fields });
}

export function editWaybill(
  fields: WaybillFields & { id: number },
): Promise<Envelope<{ id: number; billNo: string }>> {
  return requestEnvelope<{ id: number; billNo: string }>('POST', path('edit'), { body: fields });
}

export function changeWaybillStatus(id: number, status: number): Promise<Waybill> {
  return request<Waybill>('POST', path('changeStatus'), { body: { id, status } });
}

export function fetchStatusFlow(id: number): Promise<FlowRow[]> {
  return request<FlowRow[]>('POST', path('statusFlow'), { body: { id } });
}

export function addPound(fields: PoundFields): Promise<Envelope<Waybill>> {
  return requestEnvelope<Waybill>('POST', path('pound/add'), { body: fields });
}

export function addBack(fields: BackFields): Promise<Envelope<Waybill>> {
  return requestEnvelope<Waybill>('POST', path('addBack'), { body: fields });
}

export function fetchBackInfo(waybillId: number): Promise<BackInfo> {
  return request<BackInfo>('POST', path('backInfo'), { body: { waybillId } });
}

export function cancelWaybill(id: number, reason: string): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', path('cancel'), { body: { id, reason } });
}

export function addWaybillException(fields: {
  waybillId: number;
  exceptionType: number;
  description: string;
  photos?: string;
}): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', path('exception/add'), { body: fields });
}

export function addWaybillFee(fields: {
  waybillId: number;
  feeTypeId: number;
  amountFen: number;
  remark?: string;
}): Promise<Envelope<{ id: number }>> {
  return requestEnvelope<{ id: number }>('POST', path('fee/add'), { body: fields });
}

export function changeWaybillLine(id: number, lineId: number, reason: string): Promise<Envelope<Waybill>> {
  return requestEnvelope<Waybill>('POST', path('change/line'), { body: { id, lineId, reason } });
}

/** The tabulation review: 2 passes, 3 rejects. */
export function approveWaybill(
  id: number,
  approvalState: 2 | 3,
  approvalRemark?: string,
): Promise<Envelope<null>> {
  return requestEnvelope<null>('POST', path('approval'), { body: { id, approvalState, approvalRemark } });
}

/** Edits a pending waybill during the tabulation and passes it. */
export function approveWaybillEdited(fields: ApprovalEditFields): Promise<Envelope<Waybill>> {
  return requestEnvelope<Waybill>('POST', path('approval/edit'), { body: fields });
}

export function fetchTaskOptions(keyword: string): Promise<TaskOption[]> {
  return request<TaskOption[]>('GET', path('taskOptions'), {
    query: { keyword: keyword || undefined },
    dedupe: true,
  });
}

/** A fee type of the fee picker (enabled ones, in their order). */
export interface FeeTypeOption {
  id: number;
  feeName: string;
  feeKind: number;
}

export function fetchFeeTypeOptions(): Promise<FeeTypeOption[]> {
  return request<FeeTypeOption[]>('POST', '/colliery/fee/type/list', { body: {} });
}

/** A line's first and last station, for the form (lines the user may pick: its own and the teams above). */
export interface LineEnds {
  id: number;
  routeName: string;
  startAddress: string;
  endAddress: string;
}

/** Quiet: a user who may not read lines gets no station names, the form still works. */
export function fetchLineEnds(id: number): Promise<LineEnds> {
  return request<LineEnds>('GET', '/colliery/line/infoNoTeam', { query: { id }, quiet: true });
}

/** What the form takes from the chosen truck: its bound driver and its team. */
export interface TruckDriver {
  id: number;
  carNo: string;
  teamCode: string;
  driverId: number | null;
  driverName: string;
  driverPhone: string;
}

/** Quiet: without the right to read trucks the driver is simply not preselected. */
export function fetchTruckDriver(id: number): Promise<TruckDriver> {
  return request<TruckDriver>('GET', `/v2/web/base/info/${id}`, { quiet: true });
}
