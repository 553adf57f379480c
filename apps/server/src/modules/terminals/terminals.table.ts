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
  /** SHA-256 of the authentication code issued at the last registration. */
  auth_code_hash: string | null;
  registered_at: number | null;
  last_online_at: number | null;
  remark: string | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}
