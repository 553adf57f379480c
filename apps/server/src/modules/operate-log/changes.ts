import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import type { Operation } from './operate-log.repository';

/** A field's value as the log shows it: empty values read 空. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '空';
  return String(value);
}

/**
 * What changed between two versions of a record, for the operation log: '手机号：13900000001→13900000002'
 * for every labelled field whose value differs, in the order of `labels`. Fields in `hidden` are
 * named without their values (photos, long texts).
 */
export function describeChanges(
  labels: Readonly<Record<string, string>>,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  hidden: readonly string[] = [],
): string[] {
  const changes: string[] = [];
  for (const [key, label] of Object.entries(labels)) {
    if (!(key in after)) continue;
    const from = shown(before[key]);
    const to = shown(after[key]);
    if (from === to) continue;
    changes.push(hidden.includes(key) ? `${label}已修改` : `${label}：${from}→${to}`);
  }
  return changes;
}

/** Writes many operation-log entries at once (imports), in chunks; pass the transaction of the change. */
export async function recordOperations(
  db: Kysely<Database>,
  auth: AuthContext,
  ops: readonly Operation[],
  now: number,
): Promise<void> {
  for (let i = 0; i < ops.length; i += 500) {
    await db
      .insertInto('operate_log')
      .values(
        ops.slice(i, i + 500).map((op) => ({
          merchant_id: auth.merchantId,
          team_code: op.teamCode,
          page_enum: op.pageEnum,
          data_id: String(op.dataId),
          user_id: auth.userId,
          account_name: auth.nickname,
          content: op.content.slice(0, 2000),
          created_at: now,
        })),
      )
      .execute();
  }
}
