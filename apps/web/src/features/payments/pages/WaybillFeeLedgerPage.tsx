import { FeeLedger } from '../FeeLedger';

/** 运单费用明细 (/finance-management/ledger/waybill-fee car070102, /tc/ledger/waybill-fee tc010301). */
export default function WaybillFeeLedgerPage() {
  return <FeeLedger roadBridge={false} />;
}
