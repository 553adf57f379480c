import { COST_TYPE } from '@fleet/domain';
import { CostListPage } from '../CostListPage';

/** 路桥费 /car-cost/road-bridge (car080103). */
export default function RoadBridgeCostsPage() {
  return <CostListPage kind={COST_TYPE.roadBridge} />;
}
