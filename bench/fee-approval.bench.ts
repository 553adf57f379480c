/**
 * Waybill fee approval (issue 14) on a fresh database: batch approval of 1,000 rounds through real
 * HTTP (`POST /api/colliery/waybill/fee/tc/batchApproval`), each item in its own transaction, with
 * a chain of two nodes: the first node's batch (each item moves on and reminds the next node's
 * approver, 8001) and the second's (each item finishes, its fees 已审核). Every item's answer is
 * checked, and the fees' states in the database. Medians of a few repeats (target < 2 s a batch);
 * exits 1 only when an item or a fee is not as expected (the time is reported against the target).
 *   npm run bench:fee-approval -w @fleet/bench                  (SQLite in a temp dir)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:fee-approval -w @fleet/bench
 * Settings (env): BENCH_ITEMS (1000), BENCH_RUNS (3).
 */
import { cpus, loadavg } from 'node:os';
import { fromShanghai, WAYBILL_SOURCE } from '@fleet/domain';
import { submitRound } from '@fleet/server/src/modules/approvals/fee-approval';
import { createWaybill } from '@fleet/server/src/modules/waybills/waybill-flow';
import { waybillRefs } from '@fleet/server/src/test/waybill-refs';
import pino from 'pino';
import { BENCH_TEAM, env, freshDatabase, median, startHttpServer } from './support';
import { signIn } from './waybills.support';

const ITEMS = env('BENCH_ITEMS', 1000);
const RUNS = env('BENCH_RUNS', 3);
const TARGET_MS = 2000;
const now = fromShanghai(2026, 11, 20, 16).getTime();

type Answer = {
  total: number;
  succeeded: number;
  refused: number;
  list: { id: number; result: string; finished?: boolean; message: string }[];
};

async function main(): Promise<number> {
  console.log(
    `Node ${process.version}; ${cpus().length} cores; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const fresh = await freshDatabase();
  const database = fresh.open();
  const { app, base } = await startHttpServer(fresh, database, { seedDemoWaybills: false, now: () => now });
  let failed = false;
  try {
    const admin = await signIn(base, 'admin', 'Admin@123');
    const me = await database.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    for (const name of ['部门审核', '财务审核']) {
      const node = await admin.post<{ id: number }>('/colliery/approveSetting/addNode', { nodeName: name });
      await admin.post('/colliery/approveSetting/addNodeUser', { nodeId: node.id, userIds: [me.id] });
    }
    const db = database.db;
    const { truck, line, customer } = await waybillRefs(db, BENCH_TEAM);
    const feeType = await db
      .selectFrom('fee_type')
      .select('id')
      .where('merchant_id', '=', truck.merchant_id)
      .where('fee_name', '=', '装车费')
      .executeTakeFirstOrThrow();
    const live = { bus: { publish: async () => undefined } as never, log: pino({ level: 'silent' }) };
    const by = { userId: me.id, name: '系统管理员', auth: null };
    const times: { first: number[]; second: number[] } = { first: [], second: [] };

    for (let run = 1; run <= RUNS; run++) {
      // the rounds to approve: ITEMS waybills, each with one fee, submitted (not timed)
      const t0 = performance.now();
      const rounds: number[] = [];
      const waybills: number[] = [];
      for (let i = 0; i < ITEMS; i++) {
        const id = await db.transaction().execute(async (tx) => {
          const w = await createWaybill(
            tx,
            {
              merchantId: truck.merchant_id,
              teamCode: truck.team_code,
              customerId: customer.id,
              lineId: line.id,
              loadingStationId: line.loading as number,
              unloadingStationId: line.unloading as number,
              cargo: '动力煤',
              truckId: truck.id,
              driverId: truck.driver_id,
            },
            { source: WAYBILL_SOURCE.office, name: '调度' },
            now,
          );
          await tx
            .insertInto('waybill_fee')
            .values({
              merchant_id: w.merchant_id,
              team_code: w.team_code,
              waybill_id: w.id,
              fee_type_id: feeType.id,
              amount_fen: 10_000 + i,
              state: 1,
              source: WAYBILL_SOURCE.office,
              photos: null,
              remark: null,
              created_by: me.id,
              created_at: now,
              updated_at: now,
            })
            .execute();
          waybills.push(w.id);
          return (await submitRound(tx, live, w.merchant_id, w.id, by, now)).id;
        });
        rounds.push(id);
      }
      const prepared = performance.now() - t0;
      for (const [step, key] of [
        [1, 'first'],
        [2, 'second'],
      ] as const) {
        const t1 = performance.now();
        const answer = await admin.post<Answer>('/colliery/waybill/fee/tc/batchApproval', {
          ids: rounds,
          pass: true,
        });
        const ms = performance.now() - t1;
        times[key].push(ms);
        const bad = answer.list.filter(
          (r, i) => r.id !== rounds[i] || r.result !== 'approved' || r.finished !== (step === 2),
        );
        if (answer.total !== ITEMS || answer.succeeded !== ITEMS || bad.length > 0) {
          console.error(
            `run ${run} node ${step}: ${bad.length} items not approved as expected`,
            bad.slice(0, 3),
          );
          failed = true;
        }
        console.log(
          `run ${run}: node ${step} batch of ${ITEMS} items ${Math.round(ms)} ms (${(ms / ITEMS).toFixed(2)} ms an item)${
            step === 1 ? `; ${ITEMS} rounds prepared in ${Math.round(prepared)} ms` : ''
          }`,
        );
      }
      const states = await db
        .selectFrom('waybill_fee')
        .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
        .where('waybill_id', 'in', waybills)
        .groupBy('state')
        .execute();
      if (states.length !== 1 || states[0]?.state !== 2 || Number(states[0]?.n) !== ITEMS) {
        console.error(`run ${run}: fee states after approval`, states);
        failed = true;
      }
      const reminders = await db
        .selectFrom('message')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('code', '=', 8001)
        .executeTakeFirstOrThrow();
      if (Number(reminders.n) !== 2 * ITEMS * run) {
        console.error(`run ${run}: ${reminders.n} reminders 8001, expected ${2 * ITEMS * run}`);
        failed = true;
      }
    }
    const m1 = median(times.first);
    const m2 = median(times.second);
    console.log(
      `${fresh.name}: batch approval of ${ITEMS} items, medians of ${RUNS}: node 1 (moves on, reminds) ${Math.round(m1)} ms, node 2 (finishes, fees 已审核) ${Math.round(m2)} ms; target < ${TARGET_MS} ms: ${
        Math.max(m1, m2) < TARGET_MS ? 'met' : 'NOT met'
      }`,
    );
  } finally {
    await app.close();
    await database.close();
    await fresh.dispose();
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
