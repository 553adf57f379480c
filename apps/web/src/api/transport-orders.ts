import { request } from './request';

/** 运输订单's own calls beside the record's: moves of its status and the open orders of the plan form. */

/** Finishes (2), cancels (3) or opens again (1) an order. */
export function changeOrderStatus(id: number, status: 1 | 2 | 3) {
  return request<{ id: number; status: number }>('POST', '/transport/order/status', { body: { id, status } });
}

/** An open order a plan may serve. */
export interface OrderOption {
  id: number;
  orderNo: string;
  customerId: number;
  customerName: string;
  lineId: number;
  lineName: string;
  cargo: string;
  quantityText: string;
  /** The order's tons ('' for truckloads). */
  quantityTons: string;
  startTime: string;
  endTime: string;
}

export function fetchOrderOptions(query: { customerId?: number; lineId?: number }) {
  return request<OrderOption[]>('GET', '/transport/order/options', {
    query: {
      ...(query.customerId ? { customerId: query.customerId } : {}),
      ...(query.lineId ? { lineId: query.lineId } : {}),
    },
  });
}
