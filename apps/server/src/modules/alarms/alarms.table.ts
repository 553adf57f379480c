import type { Generated, Selectable } from 'kysely';

/** One alarm from its start to its end (see migration 0005). */
export interface AlarmTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  truck_id: number;
  terminal_id: number | null;
  driver_id: number | null;
  /** Catalogue code (@fleet/domain ALARM_TYPES). */
  code: number;
  /** 1 terminal, 2 platform rule. */
  source: number;
  /** 1 serious, 2 ordinary; null when the source gives none. */
  level: number | null;
  start_time: number;
  /** Null while the condition lasts. */
  end_time: number | null;
  /** Microdegrees, WGS-84, where the alarm started. */
  lat: number;
  lon: number;
  /** 0.1 km/h at the start, and the highest while it lasted. */
  speed: Generated<number>;
  max_speed: Generated<number>;
  end_lat: number | null;
  end_lon: number | null;
  station_id: number | null;
  line_id: number | null;
  plan_id: number | null;
  /** JSON of what the rule measured. */
  detail: string | null;
  /** JSON array of AlarmMedia. */
  media: string | null;
  /** 0 not handled, 1 handled, 2 ignored. */
  handle_status: Generated<number>;
  handle_type: number | null;
  handle_remark: string | null;
  handler_id: number | null;
  handled_at: number | null;
  created_at: number;
  updated_at: number;
}

export type AlarmRow = Selectable<AlarmTable>;

export const ALARM_SOURCE = { terminal: 1, platform: 2 } as const;
export const HANDLE_STATUS = { open: 0, handled: 1, ignored: 2 } as const;

/** Evidence of an alarm: a photo or a video clip (URL under /api/file/...). */
export interface AlarmMedia {
  type: 'photo' | 'video';
  url: string;
  channel?: number;
}
