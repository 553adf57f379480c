import { RecordPage } from '../../../kit';
import { feeTypeRecord } from '../feeType.record';

/** 自定义费用类型: /car-cost/fee-type (car080107). */
export default function FeeTypesPage() {
  return <RecordPage record={feeTypeRecord} />;
}
