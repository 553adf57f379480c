import { FEE_APPROVAL_PATHS as F, APPROVE_SETTING_PATHS as S } from '@fleet/domain';
import type { ListPage } from '../../api/common';
import { type ExportOutcome, exportFile } from '../../api/fileTasks';
import { request, requestEnvelope } from '../../api/request';

// The calls of 审批设置 and 运单费用审批 (money in fen, times 'YYYY-MM-DD HH:mm:ss' Shanghai).

export interface ApproverUser {
  userId: number;
  name: string;
  username: string;
  phone: string;
  enabled?: boolean;
  chosen?: boolean;
}

export interface ChainNode {
  id: number;
  seq: number;
  nodeName: string;
  users: ApproverUser[];
}

export const fetchChain = () => request<ChainNode[]>('POST', S.list, { body: {} });
export const addNode = (nodeName: string) =>
  requestEnvelope<{ id: number }>('POST', S.addNode, { body: { nodeName } });
export const editNode = (id: number, nodeName: string) =>
  requestEnvelope('POST', S.editNode, { body: { id, nodeName } });
export const moveNode = (id: number, direction: 'up' | 'down') =>
  request('POST', S.moveNode, { body: { id, direction } });
export const deleteNode = (id: number) => request('POST', S.delNode, { body: { id } });
export const addNodeUsers = (nodeId: number, userIds: number[]) =>
  request('POST', S.addNodeUser, { body: { nodeId, userIds } });
export const removeNodeUser = (nodeId: number, userId: number) =>
  request('POST', S.delNodeUser, { body: { nodeId, userId } });
export const fetchChoosable = (nodeId: number, keyword?: string) =>
  request<ApproverUser[]>('GET', S.queryNodeChooseApproveUser, {
    query: keyword ? { nodeId, keyword } : { nodeId },
  });

/** A round of a waybill's fees (a row of the approval list). */
export interface ApprovalRound {
  id: number;
  taskCode: string;
  waybillId: number;
  billNo: string;
  carNo: string;
  customerName: string;
  lineName: string;
  teamName: string;
  amountFen: number;
  feeCount: number;
  status: number;
  statusName: string;
  currentSeq: number;
  nodeCount: number;
  currentNodeName: string;
  currentApprovers: string;
  submitterName: string;
  submitTime: string;
  finishTime: string;
  mayApprove: boolean;
  mayResubmit: boolean;
}

export interface FeeRow {
  id: number;
  feeTypeName: string;
  feeKindName: string;
  amountFen: number;
  state: number;
  stateName: string;
  remark: string;
}

export interface TrackStep {
  id: number;
  taskCode: string;
  seq: number;
  nodeName: string;
  action: number;
  actionName: string;
  userName: string;
  comment: string;
  time: string;
}

export interface RoundDetail extends ApprovalRound {
  freightFen: number;
  fees: FeeRow[];
  chain: { seq: number; nodeName: string; approvers: string[]; state: string }[];
  steps: TrackStep[];
  waiting: { nodeName: string; approvers: string[] } | null;
}

export interface ActResult {
  id: number;
  taskCode: string;
  billNo: string;
  result: 'approved' | 'rejected' | 'refused';
  message: string;
}

export const fetchRounds = (query: Record<string, unknown>, signal?: AbortSignal) =>
  request<ListPage<ApprovalRound>>('POST', query.mine ? F.approvalPage : F.page, { body: query, signal });
export const exportRounds = (query: Record<string, unknown>): Promise<ExportOutcome> =>
  exportFile(F.export, query);
export const fetchRound = (id: number) => request<RoundDetail>('POST', F.info, { body: { id } });
export const approve = (id: number, pass: boolean, comment?: string) =>
  request<ActResult>('POST', F.approval, { body: { id, pass, comment } });
export const batchApprove = (ids: number[], pass: boolean, comment?: string) =>
  request<{ total: number; succeeded: number; refused: number; list: ActResult[] }>('POST', F.batchApproval, {
    body: { ids, pass, comment },
  });
/** 提交审批: the waybill's 待审核 and 已驳回 fees into a new round of the merchant's chain. */
export const submitFees = (waybillId: number) =>
  request<{ id: number; taskCode: string }>('POST', F.submit, { body: { waybillId } });
export const resubmit = (id: number) =>
  request<{ id: number; taskCode: string }>('POST', F.resubmit, { body: { id } });
export const editFee = (feeId: number, amountFen: number, remark?: string) =>
  request('POST', F.feeEdit, { body: { feeId, amountFen, remark } });
