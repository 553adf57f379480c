import { FeeLedger } from '../FeeLedger';

/** 路桥费台账 (/finance-management/ledger/road-bridge car070101): the 过路过桥费 fees. */
export default function RoadBridgeLedgerPage() {
  return <FeeLedger roadBridge />;
}
