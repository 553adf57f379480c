import { RecordPage } from '../../../kit';
import { transportOrderRecord } from '../transportOrder.record';

/** 运输订单: /transport/order (car050202), reached from 计划管理. */
export default function TransportOrdersPage() {
  return <RecordPage record={transportOrderRecord} />;
}
