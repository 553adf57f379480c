import type { Generated } from 'kysely';

/** An alarm (type 1) or in-transit reminder (type 2) addressed to one user (migration 0005). */
export interface MessageTable {
  id: Generated<number>;
  user_id: number;
  merchant_id: number;
  type: number;
  code: number;
  alarm_id: number | null;
  /** What a message that is not an alarm is about (a reminder 8002's bill number); null otherwise. */
  business_code: Generated<string | null>;
  truck_id: number | null;
  car_no: string | null;
  title: string;
  content: string;
  read_at: number | null;
  created_at: number;
}

/** A user's alarm subscription in a merchant; no row: every type, voice off, pop-up on. */
export interface AlarmSubscriptionTable {
  user_id: number;
  merchant_id: number;
  /** Comma list of catalogue codes. */
  codes: string;
  alarm_voice: Generated<number>;
  alarm_pop: Generated<number>;
  updated_at: number;
}
