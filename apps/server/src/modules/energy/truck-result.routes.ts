import { FUEL_TYPES, fuelUnit } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { idField } from '../../http/form-fields';
import { route } from '../../http/route';
import { figures } from './energy.figures';
import { checkPeriod, fillPeriod, LABELS, periodFields, scopedTruck } from './energy.filters';
import { sumTruckDays } from './energy.repository';
import { dayChart } from './energy.views';
import { truckTrips } from './truck-trips';

// One truck's results (油耗结果查看 / 分析, 车辆里程详情): its totals and days of a period, its trips,
// and whether it reports fuel at all. A plug-in hybrid's days and trips carry its electricity too.

const truckPeriod = z
  .object({ ...periodFields, truckId: idField('请选择车辆') })
  .transform(fillPeriod)
  .superRefine(checkPeriod);

export function registerTruckResultRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  TAG: string,
  TRUCK_CODES: string[],
): void {
  const { db } = ctx;
  route(app, TAG, {
    method: 'GET',
    url: '/fuel/resultInfo',
    summary: '油耗结果：一辆车在期间内的合计与每日里程、油耗、百公里油耗（车辆燃料类型的单位）',
    access: TRUCK_CODES,
    labels: LABELS,
    query: truckPeriod,
    handler: async ({ auth, query }) => {
      const truck = await scopedTruck(db, auth, query.truckId);
      const f = { ...query, driverId: undefined };
      const total = await sumTruckDays(db, auth, f, 'truck');
      const days = await dayChart(db, auth, f);
      const unit = fuelUnit(truck.fuel_type, 'L');
      const series = days.series.find((s) => s.unit === unit);
      const sum = total[0];
      return {
        truck: {
          truckId: truck.id,
          carNo: truck.car_no,
          vin: truck.vin,
          series: truck.series ?? '',
          teamName: truck.team_name ?? '',
          fuelType: truck.fuel_type,
          fuelTypeName: FUEL_TYPES.find((t) => t.type === truck.fuel_type)?.desc ?? '-',
        },
        total: figures(
          sum ?? {
            unit,
            mileage: 0,
            fuelUsed: 0,
            powerUsed: 0,
            driveSeconds: 0,
            trips: 0,
            refuel: 0,
            drain: 0,
            trucks: 0,
            days: 0,
          },
        ),
        days: days.days.map((day, i) => ({
          day,
          mileage: series?.mileage[i] ?? 0,
          fuelUsed: series?.fuelUsed[i] ?? 0,
          per100Km: series?.per100Km[i] ?? null,
          ...(series?.powerUsed
            ? { powerUsed: series.powerUsed[i] ?? 0, powerPer100Km: series.powerPer100Km?.[i] ?? null }
            : {}),
        })),
      };
    },
  });

  const tripList = async ({
    auth,
    query,
  }: {
    auth: Parameters<typeof scopedTruck>[1];
    query: z.output<typeof truckPeriod>;
  }) => {
    const truck = await scopedTruck(db, auth, query.truckId);
    const list = await truckTrips(db, auth, truck.id, query);
    return { unit: fuelUnit(truck.fuel_type, 'L'), list, total: list.length };
  };

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/trip/resultInfo',
    summary:
      '油耗结果的行程：一辆车在期间内开始的每个行程的起止时间、司机、里程、油耗、百公里油耗、最高与平均速度',
    access: TRUCK_CODES,
    labels: LABELS,
    query: truckPeriod,
    handler: tripList,
  });

  route(app, TAG, {
    method: 'GET',
    url: '/truck/fuel/report/trip/list',
    summary: '车辆行程油耗列表：一辆车在期间内开始的每个行程（同 /fuel/trip/resultInfo）',
    access: TRUCK_CODES,
    labels: LABELS,
    query: truckPeriod,
    handler: tripList,
  });

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/isSupport3',
    summary:
      '车辆是否支持油耗统计：有行程记录了油耗（终端上报油量）即支持；返回燃料类型与单位，不支持时说明原因',
    access: TRUCK_CODES,
    labels: LABELS,
    query: z.object({ truckId: idField('车辆不正确') }),
    handler: async ({ auth, query }) => {
      const truck = await scopedTruck(db, auth, query.truckId);
      const measured = await db
        .selectFrom('trip')
        .select('id')
        .where('truck_id', '=', truck.id)
        .where('fuel_used', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return {
        support: measured !== undefined,
        fuelType: truck.fuel_type,
        unit: fuelUnit(truck.fuel_type, 'L'),
        reason: measured ? '' : '该车终端未上报油量，暂不支持油耗统计',
      };
    },
  });
}
