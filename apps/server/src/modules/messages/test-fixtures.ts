import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { call, login } from '../../test/support';
import type { AlarmRow } from '../alarms/alarms.table';
import { sha256Hex } from '../auth/tokens';
import { deliverAlarms } from './delivery';

/** Demo team codes: 干线一分队 and its sibling 干线二分队. */
export const TEAM_ONE = '10000010010001';
export const TEAM_TWO = '10000010010002';

/**
 * Starts alarms on a truck of a team the way the alarm engine does: inserted and delivered in one
 * transaction, pushed after the commit. Returns the alarm rows.
 */
export async function raiseAlarms(
  db: Kysely<Database>,
  teamCode: string,
  codes: number[],
  now: number,
): Promise<AlarmRow[]> {
  const truck = await db
    .selectFrom('truck')
    .select(['id', 'merchant_id', 'team_code', 'terminal_id', 'driver_id'])
    .where('team_code', '=', teamCode)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  let publish: () => void = () => undefined;
  const rows = await db.transaction().execute(async (tx) => {
    const alarms = await tx
      .insertInto('alarm')
      .values(
        codes.map((code, i) => ({
          merchant_id: truck.merchant_id,
          team_code: truck.team_code,
          truck_id: truck.id,
          terminal_id: truck.terminal_id,
          driver_id: truck.driver_id,
          code,
          source: 1,
          level: 1,
          start_time: now - 60_000 - i,
          lat: 39_904_200,
          lon: 116_407_400,
          speed: 853,
          media: JSON.stringify([
            { type: 'photo', url: '/api/file/p1.jpg' },
            { type: 'video', url: '/api/file/v1.mp4', channel: 1 },
          ]),
          created_at: now,
          updated_at: now,
        })),
      )
      .returningAll()
      .execute();
    publish = await deliverAlarms(tx, alarms, now);
    return alarms;
  });
  publish();
  return rows;
}

/** A user only in the second demo merchant (示例煤炭运输有限公司), logged in there. */
export async function coalUser(app: FastifyInstance, adminToken: string): Promise<string> {
  const merchants = await call(app, 'GET', '/api/auth/getMerchantList', { token: adminToken });
  const coalId = Number(Object.keys(merchants.body.data)[1]);
  const coalAdmin = await login(app, 'admin', 'Admin@123');
  await call(app, 'POST', '/api/auth/pickMerchant', { token: coalAdmin, body: { merchantId: coalId } });
  const role = await call(app, 'POST', '/api/system/role/add', {
    token: coalAdmin,
    body: { name: '煤运调度', codes: ['car01'] },
  });
  const user = await call(app, 'POST', '/api/system/user/add', {
    token: coalAdmin,
    body: {
      username: 'coal_watch',
      password: sha256Hex('Coal@1234'),
      nickname: '煤运值班',
      teamCode: '2000001',
      roleIds: [role.body.data.id],
    },
  });
  if (user.body.code !== 200) throw new Error(user.body.msg);
  return login(app, 'coal_watch', 'Coal@1234');
}

/** A user of 干线二分队 with the demo dispatcher role (every alarm page), logged in. */
export async function teamTwoWatcher(app: FastifyInstance, adminToken: string): Promise<string> {
  const roles = await call(app, 'POST', '/api/system/role/list', {
    token: adminToken,
    body: { pageNum: 1, pageSize: 100, name: '调度员' },
  });
  const list: { id: number; name: string }[] = roles.body.data?.list ?? [];
  const dispatcher = list.find((role) => role.name === '调度员');
  if (!dispatcher) throw new Error(`no dispatcher role: ${roles.body.msg}`);
  const user = await call(app, 'POST', '/api/system/user/add', {
    token: adminToken,
    body: {
      username: 'watch_two',
      password: sha256Hex('Watch@1234'),
      nickname: '二分队值班',
      teamCode: TEAM_TWO,
      roleIds: [dispatcher.id],
    },
  });
  if (user.body.code !== 200) throw new Error(user.body.msg);
  return login(app, 'watch_two', 'Watch@1234');
}
