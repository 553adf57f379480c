import type { Generated } from 'kysely';

export interface TerminalTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  /** Terminal phone number exactly as the JT/T 808 header carries it: the API's `tid`. */
  phone: string;
  terminal_no: string | null;
  model: string | null;
  manufacturer: string | null;
  /** '2013' or '2019'. */
  protocol_version: Generated<string>;
  sim_no: string | null;
  video_channels: Generated<number>;
  /** SHA-256 of the authentication code; null until the first registration and after a reset. */
  auth_code_hash: string | null;
  /** The authentication code itself, handed out again at each registration until it is reset. */
  auth_code: string | null;
  registered_at: number | null;
  last_online_at: number | null;
  remark: string | null;
  /** The phone number a deleted terminal had (its `phone` then holds a placeholder). */
  deleted_phone: string | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

/** T-BOX settings of a terminal: JT/T 808 parameters set with 0x8103. */
export interface TerminalSettingTable {
  terminal_id: number;
  heartbeat_seconds: number;
  report_seconds: number;
  sleep_report_seconds: number;
  /** km/h. */
  max_speed: number;
  overspeed_seconds: number;
  fatigue_minutes: number;
  rest_minutes: number;
  updated_at: number;
  updated_by: string;
  sent_at: number | null;
  /** The terminal's 0x0001 result (0 ok, 1 failed, 2 bad message, 3 unsupported); null: offline. */
  send_result: number | null;
}
