import { OPERATE_LOG_PAGES, type StationRow } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { describeChanges } from '../operate-log/changes';
import { recordOperation } from '../operate-log/operate-log.repository';
import { findTeam } from '../teams/teams.repository';
import { LINE_LABELS, type LineBody, lineLogForm, stationsText } from './lines.fields';
import {
  checkCustomer,
  checkRowStations,
  findLine,
  lineNameTaken,
  lineRows,
  saveRows,
} from './lines.repository';
import type { Routing } from './routing';

const log = (id: number, teamCode: string, content: string) => ({
  pageEnum: OPERATE_LOG_PAGES.line,
  dataId: id,
  teamCode,
  content,
});

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
    if (!(await findTeam(db, auth.scope, teamCode))) throw badInput('所属车队: 不存在或不在您的管辖范围内');
    if (await lineNameTaken(db, auth.merchantId, body.routeName, exceptId))
      throw badInput('线路名称: 已存在');
    await checkRowStations(db, auth, body.stationList as StationRow[]);
    return body.customerId ? await checkCustomer(db, auth, body.customerId) : null;
  }

  const columns = (body: LineBody) => ({
    name: body.routeName,
    route_type: body.routeType,
    customer_id: body.customerId ?? null,
    cargo: body.cargo,
    speed_limit: body.speedLimit == null ? null : body.speedLimit * 10,
    corridor_width: body.corridorWidth,
    fuel_brand: body.fuelBrand,
    fuel_series: body.fuelSeries,
    status: body.status,
    remark: body.remark,
  });

  return {
    async create(auth: AuthContext, body: LineBody): Promise<{ id: number }> {
      const teamCode = body.teamCode ?? auth.teamCode;
      await checks(auth, body, teamCode);
      const rows = await prepareRows(body.stationList as StationRow[]);
      const at = now();
      return db.transaction().execute(async (tx) => {
        const line = await tx
          .insertInto('line')
          .values({
            ...columns(body),
            merchant_id: auth.merchantId,
            team_code: teamCode,
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
      const next = { ...columns(body), team_code: teamCode };
      const changes = describeChanges(
        LINE_LABELS,
        lineLogForm({ ...before, stations: stationsText(beforeRows) }),
        lineLogForm({ ...next, customerName, stations: stationsText(rows) }),
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

    async remove(auth: AuthContext, ids: readonly number[]): Promise<number> {
      const lines = await Promise.all(ids.map((id) => findLine(db, auth, id, 'write')));
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('line').set({ deleted_at: at, updated_at: at }).where('id', 'in', ids).execute();
        for (const line of lines)
          await recordOperation(tx, auth, log(line.id, line.team_code, `删除线路 ${line.name}`), at);
      });
      return lines.length;
    },
  };
}
