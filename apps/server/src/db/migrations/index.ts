import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_shell_support';
import * as m0003 from './0003_fleet_and_telematics';
import * as m0004 from './0004_telematics_open_trips';
import * as m0005 from './0005_alarms';
import * as m0006 from './0006_alarm_rules';
import * as m0007 from './0007_file_tasks';
import * as m0008 from './0008_trucks_terminals';
import * as m0009 from './0009_drivers_customers';
import * as m0010 from './0010_stations_lines';
import * as m0011 from './0011_alarm_indexes';
import * as m0012 from './0012_push_authorization';
import * as m0015 from './0015_master_data_order_indexes';
import * as m0016 from './0016_terminal_auth_code';
import * as m0017 from './0017_membership_status_role_owner';
import * as m0019 from './0019_position_report_key';
import * as m0020 from './0020_fee_types';
import * as m0021 from './0021_transport_prices';
import * as m0022 from './0022_waybills';
import * as m0023 from './0023_waybill_scan_sessions';
import * as m0025 from './0025_transport_orders_plans';
import * as m0026 from './0026_waybill_list_indexes';
import * as m0027 from './0027_waybill_open_index';
import * as m0028 from './0028_message_business_code';
import * as m0029 from './0029_plan_monitor';
import * as m0030 from './0030_plan_schedules';
import * as m0031 from './0031_loading_appointments';
import * as m0032 from './0032_plan_notice_cost';
import * as m0033 from './0033_approvals';
import * as m0034 from './0034_payments';
import * as m0035 from './0035_receivables';
import * as m0035day from './0035_receivables_day';
import * as m0035month from './0035_receivables_month';
import * as m0036 from './0036_driver_salary';
import * as m0037day from './0037_payable_day';
import * as m0037month from './0037_payable_month';
import * as m0038 from './0038_costs';
import * as m0038day from './0038_costs_day';
import * as m0038month from './0038_costs_month';
import * as m0039 from './0039_fuel';
import * as m0040 from './0040_truck_day';
import * as m0041 from './0041_oil_saving_trip_reports';
import * as m0042 from './0042_maintenance';
import * as m0043 from './0043_cost_line';
import * as m0044 from './0044_truck_month';
import * as m0045 from './0045_expiry_subscriptions';
import * as m0046 from './0046_fuel_reconcile';

/** Every migration in order; names never change once released. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_shell_support': m0002,
  '0003_fleet_and_telematics': m0003,
  '0004_telematics_open_trips': m0004,
  '0005_alarms': m0005,
  '0006_alarm_rules': m0006,
  '0009_drivers_customers': m0009,
  '0007_file_tasks': m0007,
  '0008_trucks_terminals': m0008,
  '0012_push_authorization': m0012,
  '0015_master_data_order_indexes': m0015,
  '0010_stations_lines': m0010,
  '0011_alarm_indexes': m0011,
  '0016_terminal_auth_code': m0016,
  '0017_membership_status_role_owner': m0017,
  '0019_position_report_key': m0019,
  '0020_fee_types': m0020,
  '0021_transport_prices': m0021,
  '0022_waybills': m0022,
  '0023_waybill_scan_sessions': m0023,
  '0025_transport_orders_plans': m0025,
  '0026_waybill_list_indexes': m0026,
  '0027_waybill_open_index': m0027,
  '0028_message_business_code': m0028,
  '0029_plan_monitor': m0029,
  '0030_plan_schedules': m0030,
  '0031_loading_appointments': m0031,
  '0032_plan_notice_cost': m0032,
  '0033_approvals': m0033,
  '0034_payments': m0034,
  '0035_receivables': m0035,
  '0035_receivables_day': m0035day,
  '0035_receivables_month': m0035month,
  '0036_driver_salary': m0036,
  '0037_payable_day': m0037day,
  '0037_payable_month': m0037month,
  '0040_truck_day': m0040,
  '0038_costs': m0038,
  '0038_costs_day': m0038day,
  '0038_costs_month': m0038month,
  '0039_fuel': m0039,
  '0041_oil_saving_trip_reports': m0041,
  '0042_maintenance': m0042,
  '0046_fuel_reconcile': m0046,
  '0043_cost_line': m0043,
  '0044_truck_month': m0044,
  '0045_expiry_subscriptions': m0045,
};
