import { COST_TYPE } from '@fleet/domain';
import { CostListPage } from '../CostListPage';

/** 保养 /car-cost/maintenance (car080105). */
export default function MaintenanceCostsPage() {
  return <CostListPage kind={COST_TYPE.maintenance} />;
}
