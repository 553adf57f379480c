import { DAY_MS, figureUnits, formatDateTime, fuelTypeName, parseDateTime } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import type { ExportColumn } from '../file-tasks/file-tasks.contract';
import { dayText, figures, names } from './energy.figures';
import type { PeriodFilter } from './energy.filters';
import { countDays, type Group, sumTruckDays } from './energy.repository';

type Page = { pageNum: number; pageSize: number } | undefined;

// The rows the reports answer, built from the truck_day groups (energy.repository.ts).

type Db = Kysely<Database>;

export type Figures = ReturnType<typeof figures>;

export interface TruckResult extends Figures {
  truckId: number;
  carNo: string;
  vin: string;
  teamCode: string;
  teamName: string;
  series: string;
  fuelType: number;
  fuelTypeName: string;
  days: number;
  /** Mileage a day with mileage, km. */
  avgDailyMileage: number;
}

/** One row a truck with its figures of the period, by plate. */
export async function truckResults(
  db: Db,
  auth: AuthContext,
  f: PeriodFilter,
  page?: Page,
): Promise<TruckResult[]> {
  return truckRows(db, auth, await sumTruckDays(db, auth, f, 'truck', page));
}

async function truckRows(db: Db, auth: AuthContext, groups: Group[]): Promise<TruckResult[]> {
  const { trucks } = await names(db, auth, groups);
  return groups.map((g) => {
    const t = trucks.get(g.truckId as number);
    const fig = figures(g);
    return {
      truckId: g.truckId as number,
      carNo: t?.carNo ?? '',
      vin: t?.vin ?? '',
      teamCode: t?.teamCode ?? '',
      teamName: t?.teamName ?? '',
      series: t?.series ?? '',
      fuelType: g.fuelType ?? 3,
      fuelTypeName: fuelTypeName(g.fuelType),
      days: g.days,
      avgDailyMileage: g.days > 0 ? Math.round(g.mileage / g.days) / 10 : 0,
      ...fig,
    };
  });
}

/**
 * A page of the trucks' rows, their count and the totals a unit, from one read of the period's
 * rows: every truck's sums (a truck has one unit, so a unit's totals are its trucks' sums), the
 * days and names of the page's trucks only.
 */
export async function truckPage(db: Db, auth: AuthContext, f: PeriodFilter, page: Page & object) {
  const all = await sumTruckDays(db, auth, f, 'truck', undefined, { days: false });
  const shown = all.slice((page.pageNum - 1) * page.pageSize, page.pageNum * page.pageSize);
  await countDays(db, auth, f, 'truck', shown);
  const units = new Map<string, Group>();
  for (const g of all) {
    const u = units.get(g.unit);
    if (!u) units.set(g.unit, { ...g, truckId: null, fuelType: null, trucks: 1 });
    else {
      u.mileage += g.mileage;
      u.fuelUsed += g.fuelUsed;
      u.powerUsed += g.powerUsed;
      u.driveSeconds += g.driveSeconds;
      u.trips += g.trips;
      u.refuel += g.refuel;
      u.drain += g.drain;
      u.trucks += 1;
    }
  }
  const totalRow = [...units.values()]
    .sort((a, b) => (a.unit < b.unit ? -1 : 1))
    .map((g) => ({ ...figures(g), trucks: g.trucks }));
  return { list: await truckRows(db, auth, shown), total: all.length, totalRow };
}

/** Totals of the filter, one a unit. */
export async function totalRows(
  db: Db,
  auth: AuthContext,
  f: PeriodFilter,
): Promise<(Figures & { trucks: number })[]> {
  return (await sumTruckDays(db, auth, f, 'unit')).map((g) => ({ ...figures(g), trucks: g.trucks }));
}

export interface DriverResult extends Figures {
  driverId: number;
  driverName: string;
  driverPhone: string;
  trucks: number;
  days: number;
}

const UNKNOWN_DRIVER = '未知司机';

/** One row a driver and unit (the trips without a driver as 未知司机). */
export async function driverResults(
  db: Db,
  auth: AuthContext,
  f: PeriodFilter,
  page?: Page,
): Promise<DriverResult[]> {
  const groups = await sumTruckDays(db, auth, f, 'driver', page);
  const { drivers } = await names(db, auth, groups);
  return groups.map((g) => {
    const d = drivers.get(g.driverId as number);
    return {
      driverId: g.driverId as number,
      driverName: d?.name ?? UNKNOWN_DRIVER,
      driverPhone: d?.phone ?? '',
      trucks: g.trucks,
      days: g.days,
      ...figures(g),
    };
  });
}

export interface DriverDayResult extends Figures {
  day: string;
  driverId: number;
  driverName: string;
  trucks: number;
}

/** One row a driver, day and unit, by day then driver. */
export async function driverDayResults(
  db: Db,
  auth: AuthContext,
  f: PeriodFilter,
  page?: Page,
): Promise<DriverDayResult[]> {
  const groups = await sumTruckDays(db, auth, f, 'driverDay', page);
  const { drivers } = await names(db, auth, groups);
  return groups.map((g) => ({
    day: dayText(g.day as number),
    driverId: g.driverId as number,
    driverName: drivers.get(g.driverId as number)?.name ?? UNKNOWN_DRIVER,
    trucks: g.trucks,
    ...figures(g),
  }));
}

export interface SummaryResult extends Figures {
  key: string;
  name: string;
  trucks: number;
}

/** 油耗汇总 by team, truck or series. */
export async function summaryResults(
  db: Db,
  auth: AuthContext,
  f: PeriodFilter,
  by: 'team' | 'truck' | 'series',
  page?: Page,
): Promise<SummaryResult[]> {
  const groups = await sumTruckDays(db, auth, f, by, page);
  const { trucks, teams } = await names(db, auth, groups);
  return groups.map((g) => ({
    key: String(by === 'team' ? g.teamCode : by === 'truck' ? g.truckId : g.series),
    name:
      by === 'team'
        ? (teams.get(g.teamCode ?? '') ?? g.teamCode ?? '')
        : by === 'truck'
          ? (trucks.get(g.truckId as number)?.carNo ?? '')
          : g.series || '未填写车系',
    trucks: g.trucks,
    ...figures(g),
  }));
}

/** The days of a period, 'YYYY-MM-DD'. */
export function periodDays(f: { startDate: string; endDate: string }): string[] {
  const days: string[] = [];
  const start = (parseDateTime(f.startDate) as Date).getTime();
  const end = (parseDateTime(f.endDate) as Date).getTime();
  for (let t = start; t <= end; t += DAY_MS) days.push(formatDateTime(new Date(t)).slice(0, 10));
  return days;
}

/** The figures by day of the period (every day, zeros where none), one series a unit. */
export async function dayChart(db: Db, auth: AuthContext, f: PeriodFilter) {
  const groups = await sumTruckDays(db, auth, f, 'day');
  const days = periodDays(f);
  const index = new Map(days.map((d, i) => [d, i]));
  const units = [...new Set(groups.map((g) => g.unit))].sort();
  const series = units.map((unit) => {
    const mileage = days.map(() => 0);
    const fuelUsed = days.map(() => 0);
    const per100Km: (number | null)[] = days.map(() => null);
    const hybrid = figureUnits(unit).power !== null;
    const powerUsed = days.map(() => 0);
    const powerPer100Km: (number | null)[] = days.map(() => null);
    for (const g of groups) {
      if (g.unit !== unit) continue;
      const i = index.get(dayText(g.day as number));
      if (i === undefined) continue;
      const fig = figures(g);
      mileage[i] = fig.mileage;
      fuelUsed[i] = fig.fuelUsed;
      per100Km[i] = fig.per100Km;
      powerUsed[i] = fig.powerUsed ?? 0;
      powerPer100Km[i] = fig.powerPer100Km;
    }
    const units = figureUnits(unit);
    return {
      unit,
      fuelUnit: units.fuel,
      per100Unit: `${units.fuel}/百公里`,
      mileage,
      fuelUsed,
      per100Km,
      ...(hybrid ? { powerUnit: units.power, powerUsed, powerPer100Km } : {}),
    };
  });
  return { days, series };
}

/** The previous period of the same length, ending the day before the period starts. */
export function previousPeriod(f: { startDate: string; endDate: string }) {
  const start = (parseDateTime(f.startDate) as Date).getTime();
  const end = (parseDateTime(f.endDate) as Date).getTime();
  const length = end - start + DAY_MS;
  const day = (t: number) => formatDateTime(new Date(t)).slice(0, 10);
  return { startDate: day(start - length), endDate: day(start - DAY_MS) };
}

/** Change against the previous value in percent, one decimal; null without a previous value. */
export function change(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/** Columns of the figures in an export, after the row's own. */
export function figureColumns<T extends Figures>(): ExportColumn<T>[] {
  const blank = (v: number | null) => (v === null ? '-' : v);
  return [
    { header: '里程(km)', width: 12, value: (r) => r.mileage },
    { header: '油耗', width: 12, value: (r) => r.fuelUsed },
    { header: '单位', width: 8, value: (r) => r.fuelUnit },
    { header: '百公里油耗', width: 14, value: (r) => blank(r.per100Km) },
    { header: '电耗(kwh，插电混动)', width: 14, value: (r) => blank(r.powerUsed) },
    { header: '百公里电耗(kwh)', width: 14, value: (r) => blank(r.powerPer100Km) },
    { header: '行驶时长(h)', width: 12, value: (r) => r.driveHours },
    { header: '行程数', width: 8, value: (r) => r.trips },
    { header: '加油量(L)', width: 12, value: (r) => r.refuel },
    { header: '放油量(L)', width: 12, value: (r) => r.drain },
  ];
}
