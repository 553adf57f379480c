import { LINE_RECORD, type StationRow } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { checkUnique, recordLog, tables } from '../../records/repository';
import { describeChanges } from '../operate-log/changes';
import { recordOperation } from '../operate-log/operate-log.repository';
import { checkTeam } from '../teams/check-team';
import { type LineBody, stationsText } from './lines.fields';
import { lineRecord } from './lines.record';
import { checkCustomer, checkRowStations, findLine, lineRows, saveRows } from './lines.repository';
import type { Routing } from './routing';

const log = (id: number, teamCode: string, content: string) => recordLog(LINE_RECORD, id, teamCode, content);

/** Saving lines: checks, the rows' distances, the transaction and the operation log. */
export function lineService(db: Kysely<Database>, routing: Routing, now: () => number) {
  /**
   * The rows as they are stored. Only an online map service makes a distance map-calculated, so a
   * claim of it is dropped when none is configured; rows still without a distance (0) get one from
   * the routing provider.
   */
  async function prepareRows(rows: readonly StationRow[]): Promise<StationRow[]> {
    let prepared = rows.map((r) => ({
      ...r,
      baiduMapProduce: routing.preferred.mapCalculated && r.baiduMapProduce,
    }));
    const missing = new Set(prepared.flatMap((r, i) => (i > 0 && r.distance === 0 ? [i] : [])));
    if (missing.size > 0) prepared = (await routing.calculate(prepared, missing)).rows;
    return prepared;
  }

  async function checks(auth: AuthContext, body: LineBody, teamCode: string, exceptId?: number) {
    await checkTeam(db, auth, teamCode);
    await checkUnique(db, auth, lineRecord, { ...body, teamCode }, exceptId);
    await checkRowStations(db, auth, body.stationList as StationRow[]);
    return body.customerId ? await checkCustomer(db, auth, body.customerId) : null;
  }

  const { columns, logFields } = lineRecord.form;

  return {
    async create(auth: AuthContext, body: LineBody): Promise<{ id: number }> {
      const teamCode = body.teamCode ?? auth.teamCode;
      await checks(auth, body, teamCode);
      const rows = await prepareRows(body.stationList as StationRow[]);
      const at = now();
      return db.transaction().execute(async (tx) => {
        const line: { id: number } = await tables(tx)
          .insertInto('line')
          .values({
            ...columns({ ...body, teamCode }),
            merchant_id: auth.merchantId,
            created_by: auth.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await saveRows(tx, line.id, rows, at);
        const content = `新增线路 ${body.routeName}：${stationsText(rows)}`;
        await recordOperation(tx, auth, log(line.id, teamCode, content), at);
        return { id: line.id };
      });
    },

    async update(auth: AuthContext, body: LineBody & { id: number }): Promise<void> {
      const before = await findLine(db, auth, body.id, 'write');
      const teamCode = body.teamCode ?? before.team_code;
      const customerName = await checks(auth, body, teamCode, body.id);
      const rows = await prepareRows(body.stationList as StationRow[]);
      const beforeRows = await lineRows(db, body.id);
      const next = columns({ ...body, teamCode });
      const changes = describeChanges(
        LINE_RECORD.labels,
        logFields({ ...before, stations: stationsText(beforeRows) }),
        logFields({ ...next, customerName, stations: stationsText(rows) }),
      );
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('line')
          .set({ ...next, updated_at: at })
          .where('id', '=', body.id)
          .execute();
        await saveRows(tx, body.id, rows, at);
        const content = `修改线路 ${before.name}：${changes.length ? changes.join('，') : '无变化'}`;
        await recordOperation(tx, auth, log(body.id, teamCode, content), at);
      });
    },
  };
}
