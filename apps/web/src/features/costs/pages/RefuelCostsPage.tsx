import { COST_TYPE } from '@fleet/domain';
import { CostListPage } from '../CostListPage';

/** 加油 /car-cost/refuel (car080102). */
export default function RefuelCostsPage() {
  return <CostListPage kind={COST_TYPE.refuel} />;
}
