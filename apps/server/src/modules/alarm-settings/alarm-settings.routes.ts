import {
  ALARM_RULE_FIELDS,
  ALARM_RULES,
  type AlarmRulePatch,
  alarmRulePatchSchema,
  alarmRulesProblem,
  formatDateTime,
  mergeAlarmRules,
  OPERATE_LOG_PAGES,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput, notFound } from '../../http/envelope';
import { pageOf, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { searchTerm } from '../monitor/vehicles.repository';
import { recordOperation } from '../operate-log/operate-log.repository';
import { findTeam } from '../teams/teams.repository';
import {
  describePatch,
  saveTeamPatch,
  saveTruckPatch,
  teamPatches,
  teamRules,
  truckPatches,
} from './alarm-settings.repository';
import { settingsChanged } from './settings-bus';

/** 车辆报警设置 (/alarm/carset/index). */
export const ALARM_SETTING_CODES = ['car050106'] as const;

const teamCodeField = z.string().regex(/^[0-9A-Za-z]{7,36}$/, '请选择车队');

/** Names used in operation-log entries. */
const LOG_NAMES: Record<string, string> = {
  ...Object.fromEntries(ALARM_RULES.map((r) => [r.key, r.name])),
  ...Object.fromEntries(Object.entries(ALARM_RULE_FIELDS).map(([k, f]) => [k, f.name])),
  enabled: '状态',
  lineId: '线路',
};

const labels = { settings: '报警设置', teamCode: '车队', vins: '车辆', carIds: '车辆' };

export function registerAlarmSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '报警设置';
  const { db } = ctx;
  const bus = settingsChanged(app, ctx);

  /** Checks a line named by a patch belongs to the caller's merchant and scope. */
  async function checkPatch(
    auth: { scope: { merchantId: number; teamCode: string } },
    patch: AlarmRulePatch,
  ) {
    const lineId = patch.deviation?.lineId;
    if (lineId === undefined || lineId === null) return;
    const line = await db
      .selectFrom('line')
      .select('id')
      .where(inScope(auth.scope, 'line'))
      .where('id', '=', lineId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!line) throw badInput('线路: 不存在或不在您的管辖范围内');
  }

  route(app, tag, {
    method: 'POST',
    url: '/v2/web/alarm/vehicleAlarmSet/list',
    summary: '车辆报警设置列表：车辆及其生效的报警规则（车队设置叠加车辆自己的设置）',
    access: ALARM_SETTING_CODES,
    list: true,
    labels,
    body: z.object({
      ...paging,
      carNo: z.string().trim().max(20, '车牌号最多20个字符').optional(),
      teamCode: teamCodeField.optional(),
      /** 1: only vehicles with their own settings. */
      own: z.union([z.literal(0), z.literal(1)]).optional(),
    }),
    handler: async ({ auth, body }) => {
      let q = db
        .selectFrom('truck as truck')
        .leftJoin('team as tm', (j) =>
          j.onRef('tm.merchant_id', '=', 'truck.merchant_id').onRef('tm.team_code', '=', 'truck.team_code'),
        )
        .where(inScope(auth.scope, 'truck'))
        .where('truck.deleted_at', 'is', null);
      const plate = searchTerm(body.carNo);
      if (plate)
        q = q.where((eb) => eb.or([eb('truck.car_no', 'like', plate), eb('truck.vin', 'like', plate)]));
      if (body.teamCode) q = q.where('truck.team_code', 'like', `${body.teamCode}%`);
      if (body.own === 1) {
        q = q.where('truck.id', 'in', db.selectFrom('alarm_truck_setting').select('truck_id'));
      }
      const { rows, total } = await pageOf(
        q,
        (q) =>
          q
            .select([
              'truck.id',
              'truck.car_no',
              'truck.vin',
              'truck.team_code',
              'truck.speed_limit',
              'tm.team_name',
            ])
            .orderBy('truck.car_no')
            .orderBy('truck.id'),
        body,
      );
      const teams = await teamPatches(db, auth.merchantId);
      const own = await truckPatches(
        db,
        rows.map((r) => r.id),
      );
      const effective = rows.map((r) => mergeAlarmRules(teamRules(teams, r.team_code), own.get(r.id)?.patch));
      const lineIds = [...new Set(effective.map((e) => e.deviation.lineId).filter((id) => id !== null))];
      const lines = lineIds.length
        ? await db
            .selectFrom('line')
            .select(['id', 'name'])
            .where('merchant_id', '=', auth.merchantId)
            .where('id', 'in', lineIds)
            .execute()
        : [];
      const lineName = new Map(lines.map((l) => [l.id, l.name]));
      return {
        list: rows.map((r, i) => {
          const mine = own.get(r.id);
          const settings = effective[i] as (typeof effective)[number];
          return {
            carId: r.id,
            carNo: r.car_no,
            vin: r.vin,
            teamCode: r.team_code,
            teamName: r.team_name ?? '',
            /** The truck's own speed limit (km/h), which the speeding rule uses before its default. */
            speedLimit: r.speed_limit,
            own: mine ? 1 : 0,
            ownSettings: mine?.patch ?? null,
            settings,
            /** Name of the deviation rule's line, '' without one. */
            lineName:
              settings.deviation.lineId === null ? '' : (lineName.get(settings.deviation.lineId) ?? ''),
            updateTime: mine ? formatDateTime(new Date(Number(mine.updatedAt))) : '',
          };
        }),
        total,
      };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/alarm/set',
    summary: '车队报警设置：车队自己的设置与生效的设置（默认值叠加上级车队），及路线偏离可选的线路',
    access: ALARM_SETTING_CODES,
    query: z.object({ teamCode: teamCodeField.optional() }),
    labels,
    handler: async ({ auth, query }) => {
      const teamCode = query.teamCode ?? auth.teamCode;
      const team = await findTeam(db, auth.scope, teamCode);
      if (!team) throw notFound('车队不存在或不在您的管辖范围内');
      const [teams, lines] = await Promise.all([
        teamPatches(db, auth.merchantId),
        db
          .selectFrom('line')
          .select(['id', 'name'])
          .where(inScope(auth.scope, 'line'))
          .where('deleted_at', 'is', null)
          .where('status', '=', 1)
          .orderBy('name')
          .limit(500)
          .execute(),
      ]);
      return {
        teamCode,
        teamName: team.team_name,
        /** Lines the deviation rule may follow (enabled lines in the caller's scope). */
        lines,
        ownSettings: teams.get(teamCode) ?? null,
        inherited: teamRules(teams, teamCode, false),
        settings: teamRules(teams, teamCode),
      };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/alarm/set',
    summary:
      '保存车队（商户根车队即商户默认）的报警设置；settings 为该车队自己的设置，空对象表示全部沿用上级',
    access: ALARM_SETTING_CODES,
    labels,
    body: z.object({ teamCode: teamCodeField.optional(), settings: alarmRulePatchSchema }),
    handler: async ({ auth, body }) => {
      const teamCode = body.teamCode ?? auth.teamCode;
      const team = await findTeam(db, auth.scope, teamCode);
      if (!team) throw badInput('车队: 不存在或不在您的管辖范围内');
      await checkPatch(auth, body.settings);
      const teams = await teamPatches(db, auth.merchantId);
      const problem = alarmRulesProblem(mergeAlarmRules(teamRules(teams, teamCode, false), body.settings));
      if (problem) throw badInput(problem);
      const now = ctx.config.now();
      await db.transaction().execute(async (tx) => {
        await saveTeamPatch(tx, auth.merchantId, teamCode, body.settings, auth.userId, now);
        await recordOperation(
          tx,
          auth,
          {
            pageEnum: OPERATE_LOG_PAGES.alarmSetting,
            dataId: `team-${teamCode}`,
            teamCode,
            content: `修改车队报警设置（${team.team_name}）：${describePatch(body.settings, LOG_NAMES)}`,
          },
          now,
        );
      });
      await bus.changed(auth.merchantId);
      return null;
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/v2/web/alarm/updateVehicleAlarmSet',
    summary: '保存车辆自己的报警设置（可多辆）；settings 为空对象表示沿用车队设置',
    access: ALARM_SETTING_CODES,
    labels,
    body: z
      .object({
        carIds: z.array(z.number().int().positive()).max(500, '一次最多设置500辆车').optional(),
        vins: z.array(z.string().trim().min(1).max(17)).max(500, '一次最多设置500辆车').optional(),
        settings: alarmRulePatchSchema,
      })
      .refine((b) => (b.carIds?.length ?? 0) + (b.vins?.length ?? 0) > 0, {
        message: '请选择车辆',
        path: ['carIds'],
      }),
    handler: async ({ auth, body }) => {
      await checkPatch(auth, body.settings);
      const ids = body.carIds ?? [];
      const vins = body.vins ?? [];
      const trucks = await db
        .selectFrom('truck')
        .select(['id', 'car_no', 'team_code'])
        .where(inScope(auth.scope, 'truck'))
        .where('deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
            ...(vins.length > 0 ? [eb('vin', 'in', vins)] : []),
          ]),
        )
        .execute();
      if (trucks.length !== new Set([...ids, ...vins]).size)
        throw badInput('车辆: 不存在或不在您的管辖范围内');
      const teams = await teamPatches(db, auth.merchantId);
      for (const truck of trucks) {
        const problem = alarmRulesProblem(mergeAlarmRules(teamRules(teams, truck.team_code), body.settings));
        if (problem) throw badInput(`${truck.car_no}: ${problem}`);
      }
      const now = ctx.config.now();
      const content = describePatch(body.settings, LOG_NAMES);
      await db.transaction().execute(async (tx) => {
        for (const truck of trucks) {
          await saveTruckPatch(tx, auth.merchantId, truck.id, body.settings, auth.userId, now);
          await recordOperation(
            tx,
            auth,
            {
              pageEnum: OPERATE_LOG_PAGES.alarmSetting,
              dataId: truck.id,
              teamCode: truck.team_code,
              content: `修改车辆报警设置（${truck.car_no}）：${content}`,
            },
            now,
          );
        }
      });
      await bus.changed(auth.merchantId);
      return { count: trucks.length };
    },
  });
}
