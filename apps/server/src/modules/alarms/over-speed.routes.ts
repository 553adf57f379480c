import {
  ALARM_PAGES,
  OVER_SPEED_CODES,
  OVER_SPEED_RISK_LEVELS,
  overSpeedRiskLevel,
  overSpeedRiskName,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { pageOffset, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { alarmFilterFields, alarmFilterLabels, toAlarmFilter } from './alarms.filters';
import { resolveTrucks, scopedAlarms } from './alarms.repository';

/** The period of an over-speed risk query is at most this long. */
const MAX_DAYS = 31;

const input = z.object({
  ...paging,
  carNo: alarmFilterFields.carNo,
  vin: alarmFilterFields.vin,
  teamCode: alarmFilterFields.teamCode,
  teamCodeList: alarmFilterFields.teamCodeList,
  startTime: alarmFilterFields.startTime,
  endTime: alarmFilterFields.endTime,
  riskLevel: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number()
      .int()
      .refine((v) => OVER_SPEED_RISK_LEVELS.some((l) => l.value === v), '风险等级不正确')
      .optional(),
  ),
});

/**
 * GET /drive/alarm/overSpeedRisk: per vehicle, the speeding alarms (5004 platform rule, 3002 active
 * safety) in a period (default the last 7 days): how many, how long in all, the highest speed, and
 * the risk level of @fleet/domain `overSpeedRiskLevel`; riskiest first.
 */
export function registerOverSpeedRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, '报警', {
    method: 'GET',
    url: '/drive/alarm/overSpeedRisk',
    summary: '超速风险：各车辆在时间段内的超速次数、累计超速时长、最高速度与风险等级（高/中/低）',
    access: [ALARM_PAGES.violation.code, ALARM_PAGES.drive.code],
    list: true,
    labels: { ...alarmFilterLabels, riskLevel: '风险等级' },
    query: input,
    handler: async ({ auth, query }) => {
      const now = ctx.config.now();
      const filter = toAlarmFilter(query, OVER_SPEED_CODES);
      filter.to ??= now;
      filter.from ??= filter.to - 7 * 86_400_000;
      if (filter.to - filter.from > MAX_DAYS * 86_400_000)
        throw badInput(`查询时间范围不能超过${MAX_DAYS}天`);
      const grouped = await scopedAlarms(
        ctx.db,
        auth.scope,
        await resolveTrucks(ctx.db, auth.scope, filter),
        false,
      )
        .select((eb) => [
          'alarm.truck_id',
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.sum<number | string>(sql`coalesce(alarm.end_time, ${now}) - alarm.start_time`).as('ms'),
          eb.fn.max('alarm.max_speed').as('top'),
        ])
        .groupBy('alarm.truck_id')
        .execute();
      const rated = grouped
        .map((g) => {
          const figures = { count: Number(g.n), durationMs: Math.max(0, Number(g.ms)) };
          return {
            truckId: g.truck_id,
            ...figures,
            top: Number(g.top) / 10,
            level: overSpeedRiskLevel(figures),
          };
        })
        .sort(
          (a, b) =>
            a.level - b.level || b.count - a.count || b.durationMs - a.durationMs || a.truckId - b.truckId,
        );
      const summary = OVER_SPEED_RISK_LEVELS.map((l) => ({
        riskLevel: l.value,
        name: l.label,
        count: rated.filter((r) => r.level === l.value).length,
      }));
      const chosen = query.riskLevel === undefined ? rated : rated.filter((r) => r.level === query.riskLevel);
      const page = chosen.slice(pageOffset(query), pageOffset(query) + query.pageSize);
      const trucks = page.length
        ? await ctx.db
            .selectFrom('truck as t')
            .leftJoin('team as tt', (j) =>
              j.onRef('tt.merchant_id', '=', 't.merchant_id').onRef('tt.team_code', '=', 't.team_code'),
            )
            .leftJoin('driver as d', 'd.id', 't.driver_id')
            .select(['t.id', 't.car_no', 't.vin', 't.speed_limit', 'tt.team_name', 'd.name as driver_name'])
            .where(inScope(auth.scope, 't'))
            .where(
              't.id',
              'in',
              page.map((r) => r.truckId),
            )
            .execute()
        : [];
      const byId = new Map(trucks.map((t) => [t.id, t]));
      const list = page.map((r) => {
        const t = byId.get(r.truckId);
        return {
          truckId: r.truckId,
          carNo: t?.car_no ?? '',
          vin: t?.vin ?? '',
          teamName: t?.team_name ?? '',
          driverName: t?.driver_name ?? '',
          speedLimit: t?.speed_limit ?? null,
          overSpeedCount: r.count,
          overSpeedDuration: r.durationMs,
          maxSpeed: r.top,
          riskLevel: r.level,
          riskLevelName: overSpeedRiskName(r.level),
        };
      });
      return { list, total: chosen.length, summary };
    },
  });
}
