import type { TestApp } from '../../test/support';
import { placeTruck } from './test-fixtures';

/** Demo teams the monitoring tests place vehicles of. */
export const TEAM_1 = '10000010010001';
export const TEAM_2 = '10000010010002';
export const CITY = '10000010020001';
export const COAL = '20000010010001';

export interface DemoTruck {
  id: number;
  vin: string;
  car_no: string;
  team_code: string;
  driver_id: number | null;
}

/**
 * Latest states for seven demo trucks, written straight into vehicle_state. 干线一分队: moving near
 * Tiananmen, parked 300 m away, offline for an hour, alarming on the G6 near 八达岭; 干线二分队 near
 * Zhangjiakou; 城配 in Tianjin; the coal merchant in Ordos. The other demo trucks never reported.
 */
export async function placeDemoVehicles(t: TestApp) {
  const trucks: DemoTruck[] = await t.db.db
    .selectFrom('truck')
    .select(['id', 'vin', 'car_no', 'team_code', 'driver_id'])
    .orderBy('id')
    .execute();
  const of = (team: string) => trucks.filter((x) => x.team_code === team);
  const nth = (team: string, i: number) => of(team)[i] as DemoTruck;
  const now = t.now();
  const db = t.db.db;
  // 干线一分队: moving near Tiananmen, parked 300 m away, offline an hour, alarming on the G6 near 八达岭
  await placeTruck(
    db,
    nth(TEAM_1, 0).id,
    { lat: 39.908, lng: 116.397, speed: 62, direction: 45, fuel: 300, mileage: 120345.6 },
    now,
  );
  await placeTruck(db, nth(TEAM_1, 1).id, { lat: 39.91, lng: 116.4, speed: 0, fuel: 150 }, now);
  await placeTruck(
    db,
    nth(TEAM_1, 2).id,
    { lat: 39.95, lng: 116.45, online: false, time: now - 3_600_000 },
    now,
  );
  await placeTruck(db, nth(TEAM_1, 3).id, { lat: 40.36, lng: 116.0, speed: 95, alarmBits: 2 }, now);
  // 干线二分队 near Zhangjiakou, 城配 in Tianjin, the coal merchant in Ordos
  await placeTruck(db, nth(TEAM_2, 0).id, { lat: 40.82, lng: 114.89, speed: 70 }, now);
  await placeTruck(db, nth(CITY, 0).id, { lat: 39.12, lng: 117.2, speed: 0 }, now);
  await placeTruck(db, nth(COAL, 0).id, { lat: 39.61, lng: 109.78, speed: 55 }, now);
  return { trucks, of, nth };
}
