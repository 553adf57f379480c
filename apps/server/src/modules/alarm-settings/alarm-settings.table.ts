import type { Generated, Selectable } from 'kysely';

/** A team's alarm rule settings (migration 0006): JSON of @fleet/domain AlarmRulePatch. */
export interface AlarmTeamSettingTable {
  merchant_id: number;
  team_code: string;
  settings: string;
  updated_by: number | null;
  updated_at: number;
}

/** A truck's own alarm rule settings: JSON of AlarmRulePatch. */
export interface AlarmTruckSettingTable {
  truck_id: number;
  merchant_id: number;
  settings: string;
  updated_by: number | null;
  updated_at: number;
}

/** A station fence set: enter (7101) and exit (7102) alarms of stations for trucks and teams. */
export interface FenceSetTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  name: string;
  /** Comma lists: station ids, truck ids, team codes (each team's subtree). */
  station_ids: string;
  truck_ids: string;
  team_codes: string;
  notify_enter: Generated<number>;
  notify_exit: Generated<number>;
  /** 1 enabled, 0 disabled. */
  status: Generated<number>;
  remark: string | null;
  created_by: number | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

export type FenceSetRow = Selectable<FenceSetTable>;

/** Evidence file of an active-safety alarm, by the terminal's alarm number. */
export interface AlarmAttachmentTable {
  id: Generated<number>;
  merchant_id: number;
  truck_id: number;
  /** Alarm identification, 32 hex digits (upper case). */
  alarm_no: string;
  seq: number;
  type: 'photo' | 'video';
  channel: number | null;
  stored_path: string;
  mime_type: string;
  size: number;
  created_at: number;
}
