import { formatDateTime, OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { route } from '../../http/route';
import { TERMINAL_PARAM, type TerminalParameter } from '../../telematics/jt808';
import { describeChanges } from '../operate-log/changes';
import { recordOperation } from '../operate-log/operate-log.repository';
import { TERMINAL_CODES } from './terminals.record';
import { findOwnTerminal } from './terminals.service';

const int = (label: string, min: number, max: number) => {
  const message = `${label}应为${min}到${max}之间的整数`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** T-BOX settings: the JT/T 808 parameters the page edits, with their ranges. */
const settingFields = {
  heartbeatSeconds: int('心跳间隔', 10, 3600),
  reportSeconds: int('行驶上报间隔', 1, 3600),
  sleepReportSeconds: int('休眠上报间隔', 10, 86_400),
  maxSpeed: int('最高速度', 1, 200),
  overspeedSeconds: int('超速持续时间', 0, 600),
  fatigueMinutes: int('连续驾驶时长', 30, 720),
  restMinutes: int('最短休息时长', 5, 120),
};
const LABELS: Record<keyof typeof settingFields, string> = {
  heartbeatSeconds: '心跳间隔(秒)',
  reportSeconds: '行驶上报间隔(秒)',
  sleepReportSeconds: '休眠上报间隔(秒)',
  maxSpeed: '最高速度(km/h)',
  overspeedSeconds: '超速持续时间(秒)',
  fatigueMinutes: '连续驾驶时长(分钟)',
  restMinutes: '最短休息时长(分钟)',
};
type Settings = { [K in keyof typeof settingFields]: number };

/** What a terminal starts with: JT/T 808's usual intervals and the fatigue rule of 4 h driving, 20 min rest. */
export function defaultSettings(speedLimit: number | null): Settings {
  return {
    heartbeatSeconds: 60,
    reportSeconds: 30,
    sleepReportSeconds: 300,
    maxSpeed: speedLimit ?? 100,
    overspeedSeconds: 10,
    fatigueMinutes: 240,
    restMinutes: 20,
  };
}

/** The settings as 0x8103 parameters (all DWORDs, times in seconds). */
export function parametersOf(s: Settings): TerminalParameter[] {
  return [
    { id: TERMINAL_PARAM.heartbeatSeconds, value: s.heartbeatSeconds },
    { id: TERMINAL_PARAM.reportSeconds, value: s.reportSeconds },
    { id: TERMINAL_PARAM.sleepReportSeconds, value: s.sleepReportSeconds },
    { id: TERMINAL_PARAM.maxSpeedKmh, value: s.maxSpeed },
    { id: TERMINAL_PARAM.overspeedSeconds, value: s.overspeedSeconds },
    { id: TERMINAL_PARAM.continuousDrivingSeconds, value: s.fatigueMinutes * 60 },
    { id: TERMINAL_PARAM.minRestSeconds, value: s.restMinutes * 60 },
  ];
}

const RESULT_TEXT: Record<number, string> = {
  0: '终端已确认',
  1: '终端回复设置失败',
  2: '终端回复消息有误',
  3: '终端不支持该设置',
};

type Row = Database['terminal_setting'];
const settingsOf = (
  r: Pick<
    Row,
    | 'heartbeat_seconds'
    | 'report_seconds'
    | 'sleep_report_seconds'
    | 'max_speed'
    | 'overspeed_seconds'
    | 'fatigue_minutes'
    | 'rest_minutes'
  >,
): Settings => ({
  heartbeatSeconds: r.heartbeat_seconds,
  reportSeconds: r.report_seconds,
  sleepReportSeconds: r.sleep_report_seconds,
  maxSpeed: r.max_speed,
  overspeedSeconds: r.overspeed_seconds,
  fatigueMinutes: r.fatigue_minutes,
  restMinutes: r.rest_minutes,
});

export function registerTerminalSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '设备管理';
  const { db } = ctx;
  const now = ctx.config.now;
  const log = (terminalId: number, teamCode: string, content: string) => ({
    pageEnum: OPERATE_LOG_PAGES.terminal,
    dataId: terminalId,
    teamCode,
    content,
  });

  const load = async (terminalId: number) => {
    const row = await db
      .selectFrom('terminal_setting')
      .selectAll()
      .where('terminal_id', '=', terminalId)
      .executeTakeFirst();
    return row;
  };

  route(app, tag, {
    method: 'GET',
    url: '/terminal/setting',
    summary: 'T-BOX设置：终端的心跳、上报间隔、超速与疲劳驾驶参数（未保存过时为默认值），及最近一次下发结果',
    access: TERMINAL_CODES,
    query: z.object({ terminalId: idField('终端不正确') }),
    handler: async ({ auth, query }) => {
      const terminal = await findOwnTerminal(db, auth, query.terminalId);
      const row = await load(terminal.id);
      const speedLimit = terminal.truck_id
        ? ((
            await db
              .selectFrom('truck')
              .select('speed_limit')
              .where('id', '=', terminal.truck_id)
              .executeTakeFirst()
          )?.speed_limit ?? null)
        : null;
      return {
        terminalId: terminal.id,
        tid: terminal.phone,
        carNo: terminal.car_no ?? '',
        protocolVersion: terminal.protocol_version,
        online: ctx.telematics.isOnline(terminal.phone),
        saved: row !== undefined,
        settings: row ? settingsOf(row) : defaultSettings(speedLimit),
        updatedBy: row?.updated_by ?? '',
        updatedTime: row ? formatDateTime(new Date(row.updated_at)) : '',
        sentTime: row?.sent_at ? formatDateTime(new Date(row.sent_at)) : '',
        sendResult: row?.send_result ?? null,
        sendResultText: row?.sent_at ? (RESULT_TEXT[row.send_result ?? -1] ?? '终端设备不在线') : '',
      };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/terminal/setting/save',
    summary: '保存T-BOX设置（不下发；下发见 /terminal/setting/send）',
    access: TERMINAL_CODES,
    labels: { terminalId: '终端', ...LABELS },
    body: z.object({ terminalId: idField('终端不正确'), ...settingFields }),
    handler: async ({ auth, body }) => {
      const { terminalId, ...settings } = body;
      const terminal = await findOwnTerminal(db, auth, terminalId);
      const at = now();
      await db.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom('terminal_setting')
          .selectAll()
          .where('terminal_id', '=', terminalId)
          .executeTakeFirst();
        const values = {
          heartbeat_seconds: settings.heartbeatSeconds,
          report_seconds: settings.reportSeconds,
          sleep_report_seconds: settings.sleepReportSeconds,
          max_speed: settings.maxSpeed,
          overspeed_seconds: settings.overspeedSeconds,
          fatigue_minutes: settings.fatigueMinutes,
          rest_minutes: settings.restMinutes,
          updated_at: at,
          updated_by: auth.nickname.slice(0, 30),
        };
        if (before) {
          await tx
            .updateTable('terminal_setting')
            .set(values)
            .where('terminal_id', '=', terminalId)
            .execute();
        } else {
          await tx
            .insertInto('terminal_setting')
            .values({ terminal_id: terminalId, ...values })
            .execute();
        }
        const changes = before ? describeChanges(LABELS, settingsOf(before), settings) : [];
        const content = before
          ? `修改T-BOX设置：${changes.join('；') || '无变化'}`
          : `保存T-BOX设置：${Object.entries(LABELS)
              .map(([k, l]) => `${l} ${settings[k as keyof Settings]}`)
              .join('，')}`;
        await recordOperation(tx, auth, log(terminalId, terminal.team_code, content), at);
      });
      return { terminalId };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/terminal/setting/send',
    summary: '把已保存的T-BOX设置通过 0x8103 下发给终端，等待终端应答；终端不在线时答 511',
    access: TERMINAL_CODES,
    labels: { terminalId: '终端' },
    body: z.object({ terminalId: idField('终端不正确') }),
    handler: async ({ auth, body }) => {
      const terminal = await findOwnTerminal(db, auth, body.terminalId);
      const row = await load(terminal.id);
      if (!row) throw badInput('请先保存T-BOX设置');
      let result: number | null = null;
      try {
        result = await ctx.telematics.setParameters(terminal.phone, parametersOf(settingsOf(row)));
      } finally {
        const at = now();
        await db.transaction().execute(async (tx) => {
          await tx
            .updateTable('terminal_setting')
            .set({ sent_at: at, send_result: result })
            .where('terminal_id', '=', terminal.id)
            .execute();
          const outcome =
            result === null ? '终端设备不在线，未送达' : (RESULT_TEXT[result] ?? `终端应答 ${result}`);
          await recordOperation(
            tx,
            auth,
            log(terminal.id, terminal.team_code, `下发T-BOX设置：${outcome}`),
            at,
          );
        });
      }
      if (result !== 0) throw badInput(`下发未成功：${RESULT_TEXT[result] ?? `终端应答 ${result}`}`);
      return { terminalId: terminal.id, result, resultText: RESULT_TEXT[0] };
    },
  });
}
