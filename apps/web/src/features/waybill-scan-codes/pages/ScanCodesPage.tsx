import { RecordPage } from '../../../kit';
import { scanCodeRecord } from '../scanCode.record';

/** 扫码运单: /smart-coal/scan-waybill (car090104) and /tc/scan-waybill (tc010503). */
export default function ScanCodesPage() {
  return <RecordPage record={scanCodeRecord} />;
}
