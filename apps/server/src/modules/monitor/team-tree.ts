import { buildTeamTree, type TeamTreeNode } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Scope } from '../../http/scope';
import { teamSubtree } from '../teams/teams.repository';
import { matchesFilter, type StateFilter } from './vehicle-status';
import { safeView, type VehicleView } from './vehicle-view';
import { type VehicleFilter, vehicleRows } from './vehicles.repository';

export function treeCar(view: VehicleView) {
  return {
    vin: view.vin,
    carNo: view.carNo,
    tid: view.tid,
    teamCode: view.teamCode,
    online: view.online,
    state: view.state,
    stateCode: view.stateCode,
    alarm: view.alarm,
    speed: view.speed,
    direction: view.direction,
    driverName: view.driverName,
    reportTime: view.reportTime,
  };
}

export type TreeCar = ReturnType<typeof treeCar>;

interface TeamFields {
  teamId: number;
  teamCode: string;
  teamName: string;
  parentCode: string | null;
}

export interface VehicleTreeNode extends TeamFields {
  children: VehicleTreeNode[];
  /** Vehicles of this team itself (not of the teams under it). */
  cars: TreeCar[];
  /** Online vehicles of this team and the teams under it. */
  onlineCount: number;
  /** Vehicles of this team and the teams under it. */
  total: number;
}

function withCars(node: TeamTreeNode<TeamFields>, cars: Map<string, TreeCar[]>): VehicleTreeNode {
  const children = node.children.map((child) => withCars(child, cars));
  const own = cars.get(node.teamCode) ?? [];
  return {
    teamId: node.teamId,
    teamCode: node.teamCode,
    teamName: node.teamName,
    parentCode: node.parentCode,
    children,
    cars: own,
    onlineCount: own.filter((c) => c.online).length + children.reduce((n, c) => n + c.onlineCount, 0),
    total: own.length + children.reduce((n, c) => n + c.total, 0),
  };
}

/** The caller's team subtree with each team's vehicles and online counts (filtered vehicles only). */
export async function vehicleTree(
  db: Kysely<Database>,
  scope: Scope,
  now: number,
  filter: VehicleFilter & { state?: StateFilter } = {},
): Promise<VehicleTreeNode[]> {
  const [teams, rows] = await Promise.all([teamSubtree(db, scope), vehicleRows(db, scope, filter).execute()]);
  const cars = new Map<string, TreeCar[]>();
  for (const row of rows) {
    const view = safeView(row, now);
    if (!matchesFilter(filter.state ?? 'all', view.stateCode, view.alarm)) continue;
    const list = cars.get(row.teamCode);
    if (list) list.push(treeCar(view));
    else cars.set(row.teamCode, [treeCar(view)]);
  }
  return buildTeamTree(teams).map((root) => withCars(root, cars));
}
