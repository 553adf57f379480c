import {
  type AlarmRulePatch,
  type AlarmRuleSettings,
  ancestors,
  DEFAULT_ALARM_RULES,
  mergeAlarmRules,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A stored patch, or null when the text is not one (never thrown: old rows stay readable). */
export function parsePatch(text: string | null | undefined): AlarmRulePatch | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as AlarmRulePatch) : null;
  } catch {
    return null;
  }
}

/** Whether a patch changes nothing (then its row is removed rather than kept empty). */
export function isEmptyPatch(patch: AlarmRulePatch): boolean {
  return Object.values(patch).every((rule) => !rule || Object.values(rule).every((v) => v === undefined));
}

/** The team patches of a merchant by team code. */
export async function teamPatches(
  db: Kysely<Database>,
  merchantId: number,
): Promise<Map<string, AlarmRulePatch>> {
  const rows = await db
    .selectFrom('alarm_team_setting')
    .select(['team_code', 'settings'])
    .where('merchant_id', '=', merchantId)
    .execute();
  const out = new Map<string, AlarmRulePatch>();
  for (const r of rows) {
    const patch = parsePatch(r.settings);
    if (patch) out.set(r.team_code, patch);
  }
  return out;
}

/** What a team's trucks get before their own settings: defaults, the team's ancestors, the team. */
export function teamRules(
  teams: ReadonlyMap<string, AlarmRulePatch>,
  teamCode: string,
  includeOwn = true,
): AlarmRuleSettings {
  const chain = includeOwn ? [...ancestors(teamCode), teamCode] : ancestors(teamCode);
  return mergeAlarmRules(DEFAULT_ALARM_RULES, ...chain.map((code) => teams.get(code)));
}

/** Own patches of trucks by id. */
export async function truckPatches(
  db: Kysely<Database>,
  truckIds: readonly number[],
): Promise<Map<number, { patch: AlarmRulePatch; updatedAt: number }>> {
  if (truckIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('alarm_truck_setting')
    .select(['truck_id', 'settings', 'updated_at'])
    .where('truck_id', 'in', truckIds)
    .execute();
  const out = new Map<number, { patch: AlarmRulePatch; updatedAt: number }>();
  for (const r of rows) {
    const patch = parsePatch(r.settings);
    if (patch) out.set(r.truck_id, { patch, updatedAt: r.updated_at });
  }
  return out;
}

/** Writes (or, for an empty patch, removes) a team's own patch. */
export async function saveTeamPatch(
  tx: Kysely<Database>,
  merchantId: number,
  teamCode: string,
  patch: AlarmRulePatch,
  userId: number,
  now: number,
): Promise<void> {
  await tx
    .deleteFrom('alarm_team_setting')
    .where('merchant_id', '=', merchantId)
    .where('team_code', '=', teamCode)
    .execute();
  if (isEmptyPatch(patch)) return;
  await tx
    .insertInto('alarm_team_setting')
    .values({
      merchant_id: merchantId,
      team_code: teamCode,
      settings: JSON.stringify(patch),
      updated_by: userId,
      updated_at: now,
    })
    .execute();
}

/** Writes (or removes) a truck's own patch. */
export async function saveTruckPatch(
  tx: Kysely<Database>,
  merchantId: number,
  truckId: number,
  patch: AlarmRulePatch,
  userId: number,
  now: number,
): Promise<void> {
  await tx.deleteFrom('alarm_truck_setting').where('truck_id', '=', truckId).execute();
  if (isEmptyPatch(patch)) return;
  await tx
    .insertInto('alarm_truck_setting')
    .values({
      truck_id: truckId,
      merchant_id: merchantId,
      settings: JSON.stringify(patch),
      updated_by: userId,
      updated_at: now,
    })
    .execute();
}

/** Chinese summary of a patch for the operation log, e.g. '超速报警: 限速值 90km/h'. */
export function describePatch(patch: AlarmRulePatch, names: Record<string, string>): string {
  const parts: string[] = [];
  for (const [rule, fields] of Object.entries(patch)) {
    if (!fields) continue;
    const items = Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(
        ([k, v]) => `${names[k] ?? k} ${v === true ? '启用' : v === false ? '停用' : v === null ? '无' : v}`,
      );
    if (items.length > 0) parts.push(`${names[rule] ?? rule}: ${items.join('，')}`);
  }
  return parts.length > 0 ? parts.join('；') : '恢复为上级设置';
}
