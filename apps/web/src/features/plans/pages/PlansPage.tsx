import { RecordPage } from '../../../kit';
import { planRecord } from '../plan.record';

/** 计划管理: /car-dispatch/plan (car050202). */
export default function PlansPage() {
  return <RecordPage record={planRecord} />;
}
