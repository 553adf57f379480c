import type { OperateLogPage } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';

export interface Operation {
  pageEnum: OperateLogPage;
  dataId: string | number;
  /** Team of the record the entry describes: the log is seen by whoever sees that record. */
  teamCode: string;
  content: string;
}

/** Writes one operation-log entry; pass the transaction of the change it describes. */
export async function recordOperation(db: Kysely<Database>, auth: AuthContext, op: Operation, now: number) {
  await db
    .insertInto('operate_log')
    .values({
      merchant_id: auth.merchantId,
      team_code: op.teamCode,
      page_enum: op.pageEnum,
      data_id: String(op.dataId),
      user_id: auth.userId,
      account_name: auth.nickname,
      content: op.content.slice(0, 2000),
      created_at: now,
    })
    .execute();
}
