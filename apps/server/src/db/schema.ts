import type {
  LoginFailureTable,
  SmsCodeTable,
  UserSessionTable,
  VerifyCodeTable,
} from '../modules/auth/auth.table';
import type { DriverTable } from '../modules/drivers/drivers.table';
import type { UserFieldSetTable } from '../modules/field-settings/field-settings.table';
import type { UploadedFileTable } from '../modules/files/files.table';
import type { MerchantTable } from '../modules/merchants/merchants.table';
import type { OperateLogTable } from '../modules/operate-log/operate-log.table';
import type { RoleMenuTable, RoleTable, UserRoleTable } from '../modules/roles/roles.table';
import type { TeamTable } from '../modules/teams/teams.table';
import type { TerminalTable } from '../modules/terminals/terminals.table';
import type { TruckTable } from '../modules/trucks/trucks.table';
import type {
  AppUserTable,
  PopMessageReadTable,
  PopMessageTable,
  UserMenuVisitTable,
  UserMerchantTable,
} from '../modules/users/users.table';
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
  terminal: TerminalTable;
  driver: DriverTable;
  truck: TruckTable;
  position: PositionTable;
  vehicle_state: VehicleStateTable;
  trip: TripTable;
  stop: StopTable;
}
