import { COST_TYPE } from '@fleet/domain';
import { CostListPage } from '../CostListPage';

/** 杂费 and the custom fee types /car-cost/sundry (car080104). */
export default function SundryCostsPage() {
  return <CostListPage kind={COST_TYPE.sundry} />;
}
