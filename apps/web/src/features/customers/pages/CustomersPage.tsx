import { RecordPage } from '../../../kit';
import { customerRecord } from '../customer.record';

/** 客户管理: /smart-coal/customer (car090106) and /tc/customer (tc010501), one page. */
export default function CustomersPage() {
  return <RecordPage record={customerRecord} />;
}
