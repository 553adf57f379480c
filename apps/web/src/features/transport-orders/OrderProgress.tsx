import { Progress } from 'antd';
import { texts } from '../../locales';
import type { TransportOrder } from './transportOrder.record';

const t = texts.transportOrders;

type Progressed = Pick<
  TransportOrder,
  | 'plannedTrips'
  | 'plannedTons'
  | 'loadedTrips'
  | 'loadedTons'
  | 'deliveredTrips'
  | 'deliveredTons'
  | 'plannedPercent'
  | 'deliveredPercent'
>;

/** An order's progress: a bar of planned (grey-blue) and delivered (green) share, and the three figures. */
export function OrderProgressText({ order }: { order: Progressed }) {
  return (
    <div data-testid="order-progress" style={{ lineHeight: 1.6 }}>
      <Progress
        size="small"
        percent={Math.min(order.plannedPercent, 100)}
        success={{ percent: Math.min(order.deliveredPercent, 100) }}
        format={() => `${order.deliveredPercent}%`}
      />
      <div>
        {t.planned} {t.tripsTons(order.plannedTrips, order.plannedTons)}
      </div>
      <div>
        {t.loaded} {t.tripsTons(order.loadedTrips, order.loadedTons)}
      </div>
      <div>
        {t.delivered} {t.tripsTons(order.deliveredTrips, order.deliveredTons)}
      </div>
    </div>
  );
}
