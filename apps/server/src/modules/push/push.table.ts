import type { Generated } from 'kysely';

/** A push message (migration 0012): a pop-up card or a home-screen notice for a team subtree. */
export interface PushTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  /** 1 card (queued pop-up notice), 2 screen (home-screen notice). */
  type: number;
  title: string;
  content: string;
  signature: string | null;
  pop_message_id: number | null;
  created_by: number;
  creator_name: string;
  deleted_at: number | null;
  created_at: number;
}

export const PUSH_TYPE = { card: 1, screen: 2 } as const;
