import { RecordPage } from '../../../kit';
import { transportPriceRecord } from '../transportPrice.record';

/** 财务设置 › 线路运价: /finance-management/finance-set (car090107) and /tc/finance-set (tc010504). */
export default function TransportPricesPage() {
  return <RecordPage record={transportPriceRecord} />;
}
