import { type EnumOption, enumLabel } from './enum-label';

// 审批设置 and 运单费用审批: the approval chain of a merchant (ordered nodes, each with its
// approvers) and the approval rounds of a waybill's fees, with their tracking timeline.

/** What a chain approves; one chain per merchant and business type. */
export const APPROVE_BUSINESS_TYPE = { waybillFee: 1 } as const;

/** An approval round: 1 审批中, 2 已通过, 3 已驳回. */
export const APPROVE_STATUSES = [
  { value: 1, label: '审批中' },
  { value: 2, label: '已通过' },
  { value: 3, label: '已驳回' },
] as const satisfies readonly EnumOption[];
export const APPROVE_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;

export function approveStatusName(value: number | string | null | undefined): string {
  return enumLabel(APPROVE_STATUSES, value);
}

/** A step of the tracking timeline: 1 提交, 2 通过, 3 驳回, 4 重新提交. */
export const APPROVE_ACTIONS = [
  { value: 1, label: '提交' },
  { value: 2, label: '通过' },
  { value: 3, label: '驳回' },
  { value: 4, label: '重新提交' },
] as const satisfies readonly EnumOption[];
export const APPROVE_ACTION = { submit: 1, approve: 2, reject: 3, resubmit: 4 } as const;

export function approveActionName(value: number | string | null | undefined): string {
  return enumLabel(APPROVE_ACTIONS, value);
}

/** The settings pages: 信息管理 › 审批设置 and 运力业务 › 审批设置; they edit the same chain. */
export const APPROVE_SETTING_CODES = ['car0902', 'tc010505'] as const;
/** The fee approval pages (运单费用审批) of both menus; an approver must hold one of them. */
export const FEE_APPROVAL_CODES = ['car070207', 'tc010201'] as const;

/** Reminder 8001 (审批提醒): an approval round reached a node; sent to that node's approvers. */
export const APPROVAL_REMINDER_CODE = 8001;

/** A node name: 1-30 Chinese, English, digit or parenthesis characters (spec's name rule). */
export const APPROVE_NODE_NAME_RULE = /^[\u4e00-\u9fa5A-Za-z0-9()（）]{1,30}$/;
export const APPROVE_NODE_NAME_MESSAGE = '请输入30个以内的中英文或者数字';

/** At most this many nodes in a chain and approvers on a node. */
export const APPROVE_MAX_NODES = 10;
export const APPROVE_MAX_NODE_USERS = 20;

/** The comment of an approval or rejection: at most 200 characters; a rejection needs one. */
export const APPROVE_COMMENT_MAX = 200;
export const REJECT_NEEDS_COMMENT = '请填写驳回意见';

export const APPROVE_SETTING_PATHS = {
  addNode: '/colliery/approveSetting/addNode',
  addNodeUser: '/colliery/approveSetting/addNodeUser',
  delNode: '/colliery/approveSetting/delNode',
  list: '/colliery/approveSetting/list',
  queryApproveUser: '/colliery/approveSetting/queryApproveUser',
  queryNodeChooseApproveUser: '/colliery/approveSetting/queryNodeChooseApproveUser',
  // beyond the spec's calls: order, rename and removing an approver
  moveNode: '/colliery/approveSetting/moveNode',
  editNode: '/colliery/approveSetting/editNode',
  delNodeUser: '/colliery/approveSetting/delNodeUser',
} as const;

export const FEE_APPROVAL_PATHS = {
  page: '/colliery/waybill/fee/tc/page',
  export: '/colliery/waybill/fee/tc/export',
  info: '/colliery/waybill/fee/tc/info',
  approval: '/colliery/waybill/fee/tc/approval',
  batchApproval: '/colliery/waybill/fee/tc/batchApproval',
  approvalPage: '/colliery/waybill/fee/tc/approval/page',
  // beyond the spec's calls: the office submits, edits a rejected fee, submits again
  submit: '/colliery/waybill/fee/tc/submit',
  resubmit: '/colliery/waybill/fee/tc/resubmit',
  feeEdit: '/colliery/waybill/fee/tc/feeEdit',
  tracking: '/colliery/approveBusiness/tracking',
} as const;

/** A snapshot of the chain taken when a round is submitted: later edits do not change it. */
export interface ApproveChainNode {
  seq: number;
  nodeName: string;
  users: { userId: number; name: string }[];
}
