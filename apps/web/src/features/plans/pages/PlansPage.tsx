import { RecordPage } from '../../../kit';
import { PlanDispatchDrawer } from '../PlanDispatchDrawer';
import { planRecord } from '../plan.record';

/** 计划管理: /car-dispatch/plan (car050202), with the 下发通知 / 成本估算 drawer of its rows. */
export default function PlansPage() {
  return (
    <>
      <RecordPage record={planRecord} />
      <PlanDispatchDrawer owner="list" />
    </>
  );
}
