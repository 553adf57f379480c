import type { CommonAddressTable } from '../modules/addresses/addresses.table';
import type {
  AlarmAttachmentTable,
  AlarmTeamSettingTable,
  AlarmTruckSettingTable,
  FenceSetTable,
} from '../modules/alarm-settings/alarm-settings.table';
import type { AlarmTable } from '../modules/alarms/alarms.table';
import type {
  ApproveBusinessFeeTable,
  ApproveBusinessTable,
  ApproveNodeTable,
  ApproveNodeUserTable,
  ApproveTrackTable,
} from '../modules/approvals/approvals.table';
import type {
  LoginFailureTable,
  SmsCodeTable,
  UserSessionTable,
  VerifyCodeTable,
} from '../modules/auth/auth.table';
import type { UserAuthorizationTable } from '../modules/authorization/authorization.table';
import type {
  CostDayTable,
  CostMonthTable,
  CostTable,
  TruckDepreciationTable,
} from '../modules/costs/costs.table';
import type { CustomerTable } from '../modules/customers/customers.table';
import type {
  DriverRegisterInviteTable,
  DriverRegistrationTable,
} from '../modules/driver-registrations/driver-registrations.table';
import type {
  DriverSalaryConfigTable,
  DriverSalaryMonthTable,
} from '../modules/driver-salary/driver-salary.table';
import type { DriverSalaryInfoTable, DriverTable } from '../modules/drivers/drivers.table';
import type { TruckDayStateTable, TruckDayTable, TruckMonthTable } from '../modules/energy/energy.table';
import type { FeeTypeTable } from '../modules/fee-types/fee-types.table';
import type { UserFieldSetTable } from '../modules/field-settings/field-settings.table';
import type { FileTaskTable } from '../modules/file-tasks/file-tasks.table';
import type { UploadedFileTable } from '../modules/files/files.table';
import type {
  FuelCalibrationTable,
  FuelEventTable,
  FuelReconcileMarkTable,
  FuelScanTable,
} from '../modules/fuel/fuel.table';
import type { LineStationTable, LineTable } from '../modules/lines/lines.table';
import type {
  FaultClearTable,
  MaintenancePlanTable,
  MaintenanceRecordTable,
  MaintenanceReminderTable,
} from '../modules/maintenance/maintenance.table';
import type { MerchantTable } from '../modules/merchants/merchants.table';
import type { AlarmSubscriptionTable, MessageTable } from '../modules/messages/messages.table';
import type {
  FuelEfficientMonitorTable,
  FuelEfficientPlanTable,
} from '../modules/oil-saving/oil-saving.table';
import type { OperateLogTable } from '../modules/operate-log/operate-log.table';
import type {
  FeeDayTable,
  FeePayableDayTable,
  FeePayableMonthTable,
  FeePayableTable,
  FeePaymentItemTable,
  FeePaymentTable,
} from '../modules/payments/payments.table';
import type { LoadingAppointmentTable } from '../modules/plan-assign/appointments.table';
import type { PlanScheduleDayTable, PlanScheduleTable } from '../modules/plan-schedules/plan-schedules.table';
import type { PlanCostSettingTable, PlanNoticeTable } from '../modules/plans/plan-notice.table';
import type { PlanStationTable, PlanTable } from '../modules/plans/plans.table';
import type { PushTable } from '../modules/push/push.table';
import type {
  BillReceiveAdjustTable,
  BillReceiveDayTable,
  BillReceiveMonthTable,
  BillReceiveTable,
} from '../modules/receivables/receivables.table';
import type { RoleMenuTable, RoleTable, UserRoleTable } from '../modules/roles/roles.table';
import type { StationTable } from '../modules/stations/stations.table';
import type { TeamTable } from '../modules/teams/teams.table';
import type { TerminalSettingTable, TerminalTable } from '../modules/terminals/terminals.table';
import type { TransportOrderTable } from '../modules/transport-orders/transport-orders.table';
import type { TransportPriceTable } from '../modules/transport-prices/transport-prices.table';
import type { TripReportImportTable, TripReportTable } from '../modules/trip-reports/trip-reports.table';
import type { TruckTable } from '../modules/trucks/trucks.table';
import type {
  AppUserTable,
  PopMessageReadTable,
  PopMessageTable,
  UserMenuVisitTable,
  UserMerchantTable,
} from '../modules/users/users.table';
import type { WaybillScanSessionTable } from '../modules/waybill-scan-codes/scan-sessions.table';
import type {
  WaybillBillNoSeqTable,
  WaybillExceptionTable,
  WaybillFeeTable,
  WaybillFlowTable,
  WaybillScanCodeTable,
  WaybillTable,
} from '../modules/waybills/waybills.table';
import type { PositionTable, StopTable, TripTable, VehicleStateTable } from '../telematics/telematics.table';

/** The whole database as Kysely sees it; each feature owns its table types. */
export interface Database {
  merchant: MerchantTable;
  team: TeamTable;
  app_user: AppUserTable;
  user_merchant: UserMerchantTable;
  user_menu_visit: UserMenuVisitTable;
  pop_message: PopMessageTable;
  pop_message_read: PopMessageReadTable;
  role: RoleTable;
  role_menu: RoleMenuTable;
  user_role: UserRoleTable;
  user_session: UserSessionTable;
  login_failure: LoginFailureTable;
  verify_code: VerifyCodeTable;
  sms_code: SmsCodeTable;
  operate_log: OperateLogTable;
  user_field_set: UserFieldSetTable;
  uploaded_file: UploadedFileTable;
  file_task: FileTaskTable;
  terminal: TerminalTable;
  terminal_setting: TerminalSettingTable;
  driver: DriverTable;
  driver_salary_info: DriverSalaryInfoTable;
  customer: CustomerTable;
  common_address: CommonAddressTable;
  fee_type: FeeTypeTable;
  driver_register_invite: DriverRegisterInviteTable;
  driver_registration: DriverRegistrationTable;
  truck: TruckTable;
  position: PositionTable;
  vehicle_state: VehicleStateTable;
  trip: TripTable;
  stop: StopTable;
  alarm: AlarmTable;
  message: MessageTable;
  alarm_subscription: AlarmSubscriptionTable;
  alarm_team_setting: AlarmTeamSettingTable;
  alarm_truck_setting: AlarmTruckSettingTable;
  fence_set: FenceSetTable;
  alarm_attachment: AlarmAttachmentTable;
  push: PushTable;
  user_authorization: UserAuthorizationTable;
  station: StationTable;
  line: LineTable;
  line_station: LineStationTable;
  transport_price: TransportPriceTable;
  transport_order: TransportOrderTable;
  plan: PlanTable;
  plan_station: PlanStationTable;
  plan_schedule: PlanScheduleTable;
  plan_schedule_day: PlanScheduleDayTable;
  loading_appointment: LoadingAppointmentTable;
  plan_notice: PlanNoticeTable;
  plan_cost_setting: PlanCostSettingTable;
  driver_salary_config: DriverSalaryConfigTable;
  driver_salary_month: DriverSalaryMonthTable;
  waybill: WaybillTable;
  waybill_flow: WaybillFlowTable;
  waybill_exception: WaybillExceptionTable;
  waybill_fee: WaybillFeeTable;
  waybill_bill_no_seq: WaybillBillNoSeqTable;
  waybill_scan_code: WaybillScanCodeTable;
  waybill_scan_session: WaybillScanSessionTable;
  approve_node: ApproveNodeTable;
  approve_node_user: ApproveNodeUserTable;
  approve_business: ApproveBusinessTable;
  approve_business_fee: ApproveBusinessFeeTable;
  approve_track: ApproveTrackTable;
  bill_receive: BillReceiveTable;
  fee_payment: FeePaymentTable;
  fee_payment_item: FeePaymentItemTable;
  fee_payable: FeePayableTable;
  fee_payable_day: FeePayableDayTable;
  fee_payable_month: FeePayableMonthTable;
  fee_day: FeeDayTable;
  bill_receive_adjust: BillReceiveAdjustTable;
  bill_receive_day: BillReceiveDayTable;
  bill_receive_month: BillReceiveMonthTable;
  cost: CostTable;
  cost_day: CostDayTable;
  cost_month: CostMonthTable;
  truck_depreciation: TruckDepreciationTable;
  truck_day: TruckDayTable;
  truck_day_state: TruckDayStateTable;
  truck_month: TruckMonthTable;
  fuel_calibration: FuelCalibrationTable;
  fuel_event: FuelEventTable;
  fuel_scan: FuelScanTable;
  fuel_reconcile_mark: FuelReconcileMarkTable;
  fuel_efficient_plan: FuelEfficientPlanTable;
  fuel_efficient_monitor: FuelEfficientMonitorTable;
  trip_report: TripReportTable;
  trip_report_import: TripReportImportTable;
  maintenance_plan: MaintenancePlanTable;
  maintenance_record: MaintenanceRecordTable;
  maintenance_reminder: MaintenanceReminderTable;
  fault_clear: FaultClearTable;
}
