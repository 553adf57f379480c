import { figureUnits } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { periodText } from '../../records/period-sums';
import type { Group, Sums } from './energy.repository';

// The figures of a group as the API answers them, and the names of its trucks, drivers and teams.

type Db = Kysely<Database>;

const tenth = (n: number) => Math.round(n) / 10;

/** Litres per 100 km (or the unit's), two decimals; null without mileage. */
export function per100(fuelTenths: number, mileageTenths: number): number | null {
  return mileageTenths > 0 ? Math.round((fuelTenths / mileageTenths) * 10000) / 100 : null;
}

/**
 * The figures of a group as the API answers them: km and the unit with one decimal. `unit` is the
 * group's (kwh+L for plug-in hybrids); `fuelUnit` the unit of fuelUsed and per100Km (a hybrid's L);
 * a hybrid's electricity is powerUsed and powerPer100Km in `powerUnit` (kwh), null for other trucks.
 */
export function figures(g: Sums & { unit: string }) {
  const units = figureUnits(g.unit);
  const hybrid = units.power !== null;
  return {
    unit: g.unit,
    fuelUnit: units.fuel,
    per100Unit: `${units.fuel}/百公里`,
    mileage: tenth(g.mileage),
    fuelUsed: tenth(g.fuelUsed),
    per100Km: per100(g.fuelUsed, g.mileage),
    powerUnit: units.power,
    powerUsed: hybrid ? tenth(g.powerUsed) : null,
    powerPer100Km: hybrid ? per100(g.powerUsed, g.mileage) : null,
    driveHours: Math.round(g.driveSeconds / 360) / 10,
    trips: g.trips,
    refuel: tenth(g.refuel),
    drain: tenth(g.drain),
  };
}

/** Names of trucks, drivers and teams of the groups, read once. */
export async function names(db: Db, auth: AuthContext, groups: readonly Group[]) {
  const truckIds = [...new Set(groups.flatMap((g) => (g.truckId ? [g.truckId] : [])))];
  const driverIds = [...new Set(groups.flatMap((g) => (g.driverId ? [g.driverId] : [])))];
  const trucks = new Map<
    number,
    { carNo: string; vin: string; series: string; fuelType: number; teamCode: string; teamName: string }
  >();
  for (let i = 0; i < truckIds.length; i += 1000) {
    const rows = await db
      .selectFrom('truck')
      .leftJoin('team', (j) =>
        j.onRef('team.merchant_id', '=', 'truck.merchant_id').onRef('team.team_code', '=', 'truck.team_code'),
      )
      .select([
        'truck.id',
        'truck.car_no',
        'truck.vin',
        'truck.series',
        'truck.fuel_type',
        'truck.team_code',
        'team.team_name',
      ])
      .where('truck.merchant_id', '=', auth.merchantId)
      .where('truck.id', 'in', truckIds.slice(i, i + 1000))
      .execute();
    for (const r of rows)
      trucks.set(r.id, {
        carNo: r.car_no,
        vin: r.vin,
        series: r.series ?? '',
        fuelType: r.fuel_type,
        teamCode: r.team_code,
        teamName: r.team_name ?? '',
      });
  }
  const drivers = new Map<number, { name: string; phone: string }>();
  for (let i = 0; i < driverIds.length; i += 1000) {
    const rows = await db
      .selectFrom('driver')
      .select(['id', 'name', 'phone'])
      .where('merchant_id', '=', auth.merchantId)
      .where('id', 'in', driverIds.slice(i, i + 1000))
      .execute();
    for (const r of rows) drivers.set(r.id, { name: r.name, phone: r.phone });
  }
  const teamRows = await db
    .selectFrom('team')
    .select(['team_code', 'team_name'])
    .where('merchant_id', '=', auth.merchantId)
    .execute();
  const teams = new Map(teamRows.map((t) => [t.team_code, t.team_name]));
  return { trucks, drivers, teams };
}

export const dayText = (day: number) => periodText(day, 'day');
