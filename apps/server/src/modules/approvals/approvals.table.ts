import type { Generated } from 'kysely';

/** A node of a merchant's approval chain (migration 0033); `seq` orders the chain from 1. */
export interface ApproveNodeTable {
  id: Generated<number>;
  merchant_id: number;
  /** APPROVE_BUSINESS_TYPE: 1 运单费用. */
  business_type: number;
  seq: number;
  node_name: string;
  created_at: number;
  updated_at: number;
}

export interface ApproveNodeUserTable {
  node_id: number;
  user_id: number;
  merchant_id: number;
  created_at: number;
}

/** An approval round of a waybill's fees; `chain` is the JSON snapshot (ApproveChainNode[]). */
export interface ApproveBusinessTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  business_type: number;
  waybill_id: number;
  task_code: string;
  chain: string;
  current_seq: number;
  /** The current node's approver ids as ',3,5,'; '' once the round is finished. */
  current_approvers: Generated<string>;
  /** APPROVE_STATUS: 1 审批中, 2 已通过, 3 已驳回. */
  status: number;
  amount_fen: number;
  submitted_by: number | null;
  submitted_at: number;
  finished_at: number | null;
  version: Generated<number>;
}

export interface ApproveBusinessFeeTable {
  business_id: number;
  fee_id: number;
}

/** A step of a round's timeline: APPROVE_ACTION 1 提交 2 通过 3 驳回 4 重新提交. */
export interface ApproveTrackTable {
  id: Generated<number>;
  business_id: number;
  seq: number;
  node_name: string;
  action: number;
  user_id: number | null;
  user_name: string;
  comment: string | null;
  at: number;
}
