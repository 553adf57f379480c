import { capacityMenu } from './menus/capacity';
import { costMenu } from './menus/cost';
import { dataAnalysisMenu } from './menus/data-analysis';
import { efficiencyMenu } from './menus/efficiency';
import { financeMenu } from './menus/finance';
import { informationMenu } from './menus/information';
import { maintenanceMenu } from './menus/maintenance';
import {
  alarmMessageMenu,
  alarmSubscriptionMenu,
  bossScreenMenu,
  dataScreenMenu,
  energySavingMenu,
  homeMenu,
  monitorMenu,
  monitorNewMenu,
  personalCentreMenu,
} from './menus/shell';
import { transportMenu } from './menus/transport';
import { waybillMenu } from './menus/waybill';
import type { MenuNode } from './types';

function deepFreeze(nodes: readonly MenuNode[]): readonly MenuNode[] {
  for (const node of nodes) {
    if (node.children) deepFreeze(node.children);
    if (node.titles) Object.freeze(node.titles);
    Object.freeze(node);
  }
  return Object.freeze(nodes);
}

/**
 * The whole menu tree in menu order: home and the two monitors first, then the business modules,
 * then the energy-saving page, the top-bar screen links and the hidden shell pages.
 */
export const MENU_TREE: readonly MenuNode[] = deepFreeze([
  homeMenu,
  monitorMenu,
  monitorNewMenu,
  transportMenu,
  efficiencyMenu,
  waybillMenu,
  financeMenu,
  costMenu,
  dataAnalysisMenu,
  maintenanceMenu,
  capacityMenu,
  informationMenu,
  energySavingMenu,
  dataScreenMenu,
  bossScreenMenu,
  alarmMessageMenu,
  personalCentreMenu,
  alarmSubscriptionMenu,
]);
