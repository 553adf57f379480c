import { request } from '../../api/request';

// The calls of 下发通知 and 成本估算 of a plan (POST /plan/notice, GET /plan/notice/list,
// GET /plan/costInfo, GET/POST /plan/cost/settings).

/** A notice sent to a plan's truck, with the terminal's answer. */
export interface PlanNotice {
  id: number;
  planId: number;
  text: string;
  sentBy: string;
  sentTime: string;
  /** 0 成功 1 失败 2 消息有误 3 不支持 4 终端不在线 5 终端未应答 6 车辆未绑定终端. */
  result: number;
  resultText: string;
  answerTime: string;
}

/** Sends the plan (or `text`) to its truck; rejects with the refusal's message when not delivered. */
export function sendPlanNotice(id: number, text: string) {
  return request<{ id: number; result: number; resultText: string; text: string }>('POST', '/plan/notice', {
    body: { id, text: text.trim() || null },
    quiet: true,
  });
}

export function fetchPlanNotices(planId: number) {
  return request<{ list: PlanNotice[]; total: number }>('GET', '/plan/notice/list', {
    query: { planId },
    quiet: true,
  });
}

/** The estimate of GET /plan/costInfo: each part in fen and yuan, with its basis. */
export interface PlanCost {
  planId: number;
  planNo: string;
  lineName: string;
  distanceM: number;
  distanceKm: string;
  plannedTons: string;
  fuel: {
    basis: 'trips' | 'setting' | 'alarmRule';
    basisText: string;
    per100Km: string;
    litres: string;
    price: string;
    amountFen: number;
    amount: string;
    formula: string;
  };
  toll: { perKm: string; amountFen: number; amount: string; formula: string };
  driverPay: {
    driverName: string;
    settleTypeName: string;
    amountFen: number;
    amount: string;
    basisText: string;
  };
  totalFen: number;
  total: string;
  pricesSaved: boolean;
}

export function fetchPlanCost(id: number) {
  return request<PlanCost>('GET', '/plan/costInfo', { query: { id }, quiet: true });
}

export interface PlanCostSettings {
  fuelPrice: string;
  tollPerKm: string;
  /** '' : the alarm rule's fuel limit. */
  fuelPer100Km: string;
  saved: boolean;
}

export function fetchPlanCostSettings() {
  return request<PlanCostSettings>('GET', '/plan/cost/settings');
}

export function savePlanCostSettings(s: Omit<PlanCostSettings, 'saved'>) {
  return request<PlanCostSettings>('POST', '/plan/cost/settings', { body: s });
}
