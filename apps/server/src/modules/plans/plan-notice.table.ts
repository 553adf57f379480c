import type { Generated } from 'kysely';

/** A text sent to a plan's truck (0x8300) and the terminal's answer (migration 0032). */
export interface PlanNoticeTable {
  id: Generated<number>;
  plan_id: number;
  merchant_id: number;
  truck_id: number | null;
  text: string;
  sent_by: number | null;
  sent_by_name: string | null;
  sent_at: number;
  /** PLAN_NOTICE_RESULTS: 0 ok, 1 failed, 2 bad message, 3 unsupported, 4 offline, 5 no answer, 6 no terminal. */
  result: number;
  answered_at: number | null;
}

/** A merchant's prices for the plan cost estimate (migration 0032); money in fen. */
export interface PlanCostSettingTable {
  merchant_id: number;
  /** Fen per litre of fuel. */
  fuel_price_fen: number;
  /** Fen per km of tolls. */
  toll_fen_per_km: number;
  /** 0.1 L per 100 km for a truck without recent trips; null: the alarm rule's fuel limit. */
  fuel_per_100km: number | null;
  updated_by: number | null;
  updated_at: number;
}
