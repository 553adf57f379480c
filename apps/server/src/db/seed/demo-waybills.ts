import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  formatDate,
  kgToTons,
  WAYBILL_APPROVAL,
  WAYBILL_FLOW_ACTION,
  WAYBILL_SOURCE,
  WAYBILL_STATE,
  waybillBillNo,
  waybillStateName,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { UPLOAD_URL_PREFIX } from '../../modules/files/files.routes';
import { freightColumns, priceColumns, type WaybillRow } from '../../modules/waybills/waybill-flow';
import { paperPhoto } from '../../simulator/evidence';
import { vehicleProfiles } from '../../simulator/profile';
import { Rng } from '../../simulator/rng';
import type { Database } from '../schema';
import { demoFleet } from './demo-fleet';
import type { DemoLine } from './demo-lines';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Days of history the demo's waybills cover. */
export const DEMO_WAYBILL_DAYS = 60;

/** Trucks with a history at most (the demo fleet has 50). */
const HISTORY_TRUCKS = 60;

/** Why a demo waybill was cancelled before loading. */
const CANCEL_REASONS = [
  '客户临时取消发货',
  '装货地停产检修，改期装车',
  '车辆故障，改派他车',
  '客户要求变更装货时间，重新开单',
];

/** How a kind of work runs: a load every `cycleHours` (on average), weights and fees of the kind. */
interface WorkKind {
  cycleHours: [number, number];
  /** Hours the load is planned ahead of its creation. */
  leadHours: [number, number];
  tareKg: [number, number];
  netKg: [number, number];
  /** 装车费 and 过路过桥费 in yuan (0: none). */
  loadingFeeYuan: [number, number];
  tollYuan: [number, number];
}

const KINDS: Record<DemoLine['kind'], WorkKind> = {
  // a round trip of two days and more to the port and back
  coal: {
    cycleHours: [50, 80],
    leadHours: [3, 10],
    tareKg: [14_500, 16_500],
    netKg: [30_000, 35_000],
    loadingFeeYuan: [60, 120],
    tollYuan: [1_900, 2_600],
  },
  // trunk trucks carry the priced loads of the demo customers every few days
  trunk: {
    cycleHours: [70, 120],
    leadHours: [2, 8],
    tareKg: [13_500, 15_500],
    netKg: [18_000, 31_000],
    loadingFeeYuan: [40, 90],
    tollYuan: [260, 680],
  },
  city: {
    cycleHours: [70, 120],
    leadHours: [2, 12],
    tareKg: [3_100, 3_500],
    netKg: [1_500, 3_800],
    loadingFeeYuan: [20, 50],
    tollYuan: [0, 0],
  },
};

interface TruckRow {
  id: number;
  merchant_id: number;
  team_code: string;
  driver_id: number | null;
  car_no: string;
}

interface LineInfo {
  id: number;
  cargo: string;
  runningMinutes: number;
  loading: Station;
  unloading: Station;
}

interface Station {
  id: number;
  name: string;
  lat: number;
  lon: number;
  radius: number;
}

/** A waybill as generated, before it has an id and a bill number. */
interface Draft {
  row: Omit<WaybillRow, 'id' | 'bill_no'>;
  flows: FlowDraft[];
  fees: { fee_type_id: number; amount_fen: number; remark: string | null; at: number }[];
  plate: string;
  loading: Station;
  unloading: Station;
  /** Made by the truck's driver in the driver app: the office still has to check it (制表审核). */
  byDriver?: boolean;
}

interface FlowDraft {
  action: number;
  from?: number;
  to?: number;
  gps?: { station: Station; inside: boolean };
  content: string | null;
  at: number;
}

/** Whole seconds, as terminals and forms give times. */
const sec = (ms: number) => Math.round(ms / 1000) * 1000;
const yuan = (rng: Rng, [min, max]: [number, number]) => rng.int(min * 100, max * 100);
const slip = (gross: number, tare: number) =>
  `毛重${kgToTons(gross)}吨，皮重${kgToTons(tare)}吨，净重${kgToTons(gross - tare)}吨`;

/**
 * Completed waybills of the last 60 days (`DEMO_WAYBILL_DAYS`) of every demo truck whose line the
 * demo prices: a customer's load on the truck's line (the line its simulated truck drives), with
 * its driver and team, planned and actual times in order, loading and unloading slips, the price in
 * force at loading copied and the freight to the fen, its timeline (created and weighed by the
 * office, 运输中 and 已到达 by the truck's position at the stations' fences, the receipt by the
 * office) and its loading fee and tolls (to approve); a few cancelled before loading, and for some
 * trucks a waybill of the last day still to be loaded (in each team some made by the driver in the
 * driver app, waiting for the office's check, 制表审核). Bill numbers are numbered by day as
 * `nextBillNos` numbers them, and each day's sequence is left at its last number. Bulk inserts in
 * the caller's transaction; the same data for the same `now`.
 */
export async function seedDemoWaybills(
  tx: Kysely<Database>,
  now: number,
  options: { uploadDir?: string | null; seed?: number } = {},
): Promise<number> {
  const seed = options.seed ?? 1;
  const trucks = (await tx
    .selectFrom('truck')
    .select(['id', 'merchant_id', 'team_code', 'driver_id', 'car_no'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute()) as TruckRow[];
  if (trucks.length === 0) return 0;
  const lines = await demoLineInfo(tx);
  const offices = await officeUsers(tx);
  const feeTypes = await tx
    .selectFrom('fee_type')
    .select(['id', 'merchant_id', 'fee_name'])
    .where('built_in', '=', 1)
    .where('fee_name', 'in', ['装车费', '过路过桥费'])
    .execute();
  const feeType = (merchantId: number, name: string) =>
    feeTypes.find((f) => f.merchant_id === merchantId && f.fee_name === name)?.id;
  const prices = await tx
    .selectFrom('transport_price')
    .select(['merchant_id', 'team_code', 'customer_id', 'line_id', 'cargo'])
    .where('valid', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();

  // each truck on the line its simulated truck drives (the simulator's own assignment)
  const byPlate = new Map(trucks.map((t) => [t.car_no, t]));
  const all = vehicleProfiles(demoFleet(trucks.length), seed).filter((p) => byPlate.has(p.plate));
  // a larger demo fleet (SIMULATOR_VEHICLES) keeps the history of about as many trucks, spread over
  // its teams, so that a fresh start stays quick
  const profiles =
    all.length <= HISTORY_TRUCKS
      ? all
      : Array.from(
          { length: HISTORY_TRUCKS },
          (_, i) => all[Math.floor((i * all.length) / HISTORY_TRUCKS)] as (typeof all)[number],
        );
  const priceCache = new Map<string, Awaited<ReturnType<typeof priceColumns>>>();
  const drafts: Draft[] = [];
  for (const profile of profiles) {
    const truck = byPlate.get(profile.plate) as TruckRow;
    const line = lines.get(`${truck.merchant_id}:${profile.line.name}`);
    // the price of the truck's team or a team above it on this line decides the customer and cargo
    const price = prices.find(
      (p) =>
        p.merchant_id === truck.merchant_id &&
        p.line_id === line?.id &&
        truck.team_code.startsWith(p.team_code),
    );
    if (!line || !price) continue;
    const office = offices(truck.merchant_id, truck.team_code);
    const kind = KINDS[profile.line.kind];
    const rng = Rng.of('demo-waybills', seed, profile.plate);
    const cargo = price.cargo || line.cargo;
    const loadingFee = feeType(truck.merchant_id, '装车费');
    const toll = feeType(truck.merchant_id, '过路过桥费');
    let t = now - DEMO_WAYBILL_DAYS * DAY + rng.range(0, kind.cycleHours[0]) * HOUR;
    for (;;) {
      const created = sec(t);
      const base = {
        merchant_id: truck.merchant_id,
        team_code: truck.team_code,
        source: WAYBILL_SOURCE.office,
        plan_id: null,
        customer_id: price.customer_id,
        line_id: line.id,
        loading_station_id: line.loading.id,
        unloading_station_id: line.unloading.id,
        cargo,
        truck_id: truck.id,
        driver_id: truck.driver_id,
        approval_state: 0,
        approval_remark: null,
        approved_by: null,
        approved_at: null,
        created_by: office.id,
        created_at: created,
      };
      const plannedLoad =
        Math.ceil((created + rng.range(...kind.leadHours) * HOUR) / (10 * MINUTE)) * 10 * MINUTE;
      const runMs =
        line.runningMinutes * MINUTE * rng.range(1.05, 1.2) + (line.runningMinutes > 600 ? 7 * HOUR : 0);
      const plannedArrive = Math.ceil((plannedLoad + runMs + HOUR) / (10 * MINUTE)) * 10 * MINUTE;
      const blank = emptyProgress();
      const createFlow: FlowDraft = {
        action: WAYBILL_FLOW_ACTION.create,
        to: WAYBILL_STATE.toLoad,
        content: null,
        at: created,
      };
      const weighed = sec(plannedLoad + rng.range(-20, 70) * MINUTE);
      const receipt = weighed + runMs + rng.range(2, 30) * HOUR;
      if (receipt > now - HOUR) {
        // the last load of some trucks: created in the last day, still to be loaded
        if (rng.chance(0.6)) {
          const at = sec(Math.max(created, now - rng.range(2, 20) * HOUR));
          const planned = Math.ceil((at + rng.range(...kind.leadHours) * HOUR) / (10 * MINUTE)) * 10 * MINUTE;
          drafts.push({
            row: {
              ...base,
              ...blank,
              created_at: at,
              planned_load_at: planned,
              planned_arrive_at: Math.ceil((planned + runMs + HOUR) / (10 * MINUTE)) * 10 * MINUTE,
              status: WAYBILL_STATE.toLoad,
              remark: null,
              updated_at: at,
            },
            flows: [{ ...createFlow, at }],
            fees: [],
            plate: truck.car_no,
            loading: line.loading,
            unloading: line.unloading,
            byDriver: rng.chance(0.4),
          });
        }
        break;
      }
      t += rng.range(...kind.cycleHours) * HOUR;
      if (rng.chance(0.03)) {
        const cancelledAt = sec(created + rng.range(1, 3) * HOUR);
        const reason = rng.pick(CANCEL_REASONS);
        drafts.push({
          row: {
            ...base,
            ...blank,
            planned_load_at: plannedLoad,
            planned_arrive_at: plannedArrive,
            status: WAYBILL_STATE.toLoad,
            cancelled: 1,
            cancel_reason: reason,
            cancelled_at: cancelledAt,
            remark: null,
            updated_at: cancelledAt,
          },
          flows: [
            createFlow,
            { action: WAYBILL_FLOW_ACTION.cancel, content: `取消原因：${reason}`, at: cancelledAt },
          ],
          fees: [],
          plate: truck.car_no,
          loading: line.loading,
          unloading: line.unloading,
        });
        continue;
      }
      // the slips: tare of the same truck at both ends within a few dozen kg
      const terms = await pricedAt(tx, priceCache, { ...base, ...blank } as WaybillRow, weighed);
      const tare = rng.int(...kind.tareKg);
      const loadNet = rng.int(...kind.netKg);
      const allowed = terms.allowed_loss_permille ?? 0;
      let lossKg: number;
      if (profile.line.kind === 'coal') {
        // mostly under the allowed ‰ of the loading net, some above it
        const allowedKg = (loadNet * allowed) / 1000;
        lossKg = rng.chance(0.85)
          ? Math.floor(rng.range(0.1, 0.98) * allowedKg)
          : Math.ceil(allowedKg + rng.range(0.2, 2.5) * (loadNet / 1000));
      } else lossKg = rng.int(-15, 25);
      const unloadNet = loadNet - lossKg;
      const unloadTare = tare + rng.int(-40, 40);
      const departed = sec(weighed + rng.range(12, 35) * MINUTE);
      const arrived = sec(departed + runMs);
      const unloadWeighed = sec(arrived + rng.range(20, 55) * MINUTE);
      const back = sec(Math.max(unloadWeighed + 30 * MINUTE, receipt));
      const weights = {
        loading_gross_kg: loadNet + tare,
        loading_tare_kg: tare,
        loading_net_kg: loadNet,
        loading_weighed_at: weighed,
        unloading_gross_kg: unloadNet + unloadTare,
        unloading_tare_kg: unloadTare,
        unloading_net_kg: unloadNet,
        unloading_weighed_at: unloadWeighed,
      };
      const row = {
        ...base,
        ...blank,
        ...terms,
        ...weights,
        planned_load_at: plannedLoad,
        planned_arrive_at: plannedArrive,
        status: WAYBILL_STATE.completed,
        loading_at: weighed,
        departed_at: departed,
        arrived_at: arrived,
        completed_at: back,
        back_remark:
          lossKg > (loadNet * allowed) / 1000 && allowed > 0 ? '亏吨超出允许范围，按合同扣款' : null,
        back_at: back,
        remark: rng.chance(0.15) ? '夜间装车，注意安全' : null,
        updated_at: back,
      };
      Object.assign(row, freightColumns(row));
      const fees: Draft['fees'] = [];
      if (loadingFee && rng.chance(profile.line.kind === 'city' ? 0.3 : 0.9))
        fees.push({
          fee_type_id: loadingFee,
          amount_fen: yuan(rng, kind.loadingFeeYuan),
          remark: null,
          at: weighed,
        });
      if (toll && kind.tollYuan[1] > 0)
        fees.push({
          fee_type_id: toll,
          amount_fen: yuan(rng, kind.tollYuan),
          remark: '高速通行费（ETC）',
          at: back,
        });
      drafts.push({
        row,
        flows: [
          createFlow,
          { action: WAYBILL_FLOW_ACTION.loadingPound, content: slip(loadNet + tare, tare), at: weighed },
          { action: WAYBILL_FLOW_ACTION.status, from: 1, to: 2, content: null, at: weighed },
          {
            action: WAYBILL_FLOW_ACTION.status,
            from: 2,
            to: 3,
            gps: { station: line.loading, inside: false },
            content: `装货中 → 运输中（车辆定位：驶离装货地“${line.loading.name}”围栏）`,
            at: departed,
          },
          {
            action: WAYBILL_FLOW_ACTION.status,
            from: 3,
            to: 4,
            gps: { station: line.unloading, inside: true },
            content: `运输中 → 已到达（车辆定位：驶入卸货地“${line.unloading.name}”围栏）`,
            at: arrived,
          },
          {
            action: WAYBILL_FLOW_ACTION.unloadingPound,
            content: slip(unloadNet + unloadTare, unloadTare),
            at: unloadWeighed,
          },
          { action: WAYBILL_FLOW_ACTION.back, content: '回单已签收', at: back },
          { action: WAYBILL_FLOW_ACTION.status, from: 4, to: 6, content: null, at: back },
        ],
        fees,
        plate: truck.car_no,
        loading: line.loading,
        unloading: line.unloading,
      });
      // the next load is planned after this one is unloaded
      t = Math.max(t, unloadWeighed + rng.range(2, 12) * HOUR);
    }
  }

  // waybills drivers made waiting for the office's check in every team that has open ones
  const teams = new Set<string>();
  for (const d of drafts) if (d.byDriver) teams.add(d.row.team_code);
  for (const d of drafts)
    if (d.byDriver === false && !teams.has(d.row.team_code)) {
      d.byDriver = true;
      teams.add(d.row.team_code);
    }
  for (const d of drafts)
    if (d.byDriver)
      Object.assign(d.row, {
        source: WAYBILL_SOURCE.driver,
        approval_state: WAYBILL_APPROVAL.pending,
        created_by: null,
      });
  const drivers = new Map(
    (await tx.selectFrom('driver').select(['id', 'name']).execute()).map((d) => [d.id, d.name]),
  );
  // the slips' and receipts' photos, uploaded files of each merchant as the forms require them
  if (options.uploadDir) {
    const photos = new Map<number, Record<PaperKind, string>>();
    for (const d of drafts) {
      if (d.row.status !== WAYBILL_STATE.completed) continue;
      let own = photos.get(d.row.merchant_id);
      if (!own) {
        own = await demoPhotos(
          tx,
          options.uploadDir,
          d.row.merchant_id,
          offices(d.row.merchant_id, '').id,
          now,
        );
        photos.set(d.row.merchant_id, own);
      }
      Object.assign(d.row, {
        loading_photos: own.loading,
        unloading_photos: own.unloading,
        back_photos: own.receipt,
      });
    }
  }

  // in the order they were created (ids follow creation, as in use), numbered by merchant and day
  drafts.sort((a, b) => a.row.created_at - b.row.created_at || a.row.truck_id - b.row.truck_id);
  const sequences = new Map<string, number>();
  const billNos = drafts.map((d) => {
    const day = formatDate(new Date(d.row.created_at)).replaceAll('-', '');
    const key = `${d.row.merchant_id}:${day}`;
    const seq = (sequences.get(key) ?? 0) + 1;
    sequences.set(key, seq);
    return waybillBillNo(day, seq);
  });
  const ids: number[] = [];
  for (let i = 0; i < drafts.length; i += 100) {
    const part = drafts.slice(i, i + 100);
    const rows = await tx
      .insertInto('waybill')
      .values(part.map((d, j) => ({ ...d.row, bill_no: billNos[i + j] as string })))
      .returning(['id', 'bill_no', 'merchant_id'])
      .execute();
    const byNo = new Map(rows.map((r) => [`${r.merchant_id}:${r.bill_no}`, r.id]));
    for (const [j, d] of part.entries())
      ids.push(byNo.get(`${d.row.merchant_id}:${billNos[i + j]}`) as number);
  }
  const flowRows = drafts.flatMap((d, i) => {
    const office = offices(d.row.merchant_id, d.row.team_code);
    const driver = d.byDriver ? (drivers.get(d.row.driver_id ?? 0) ?? '司机') : null;
    return d.flows.map((f) => {
      const gps = f.gps;
      const own = driver !== null && f.action === WAYBILL_FLOW_ACTION.create;
      // inside the fence: near its middle; outside: just beyond its edge, towards the road
      const offset = gps ? (gps.inside ? 0.3 : 1.3) * gps.station.radius : 0;
      return {
        merchant_id: d.row.merchant_id,
        waybill_id: ids[i] as number,
        action: f.action,
        from_status: f.from ?? null,
        to_status: f.to ?? null,
        source: gps ? WAYBILL_SOURCE.gps : own ? WAYBILL_SOURCE.driver : WAYBILL_SOURCE.office,
        user_id: gps || own ? null : office.id,
        actor_name: gps ? d.plate : own ? driver : office.name,
        station_id: gps?.station.id ?? null,
        lat: gps ? Math.round(gps.station.lat + (offset * 1e6) / 111_320) / 1e6 : null,
        lng: gps ? Math.round(gps.station.lon) / 1e6 : null,
        content:
          f.content ??
          (f.action === WAYBILL_FLOW_ACTION.create
            ? (billNos[i] as string)
            : `${waybillStateName(f.from ?? 0)} → ${waybillStateName(f.to ?? 0)}`),
        at: f.at,
      };
    });
  });
  for (let i = 0; i < flowRows.length; i += 500)
    await tx
      .insertInto('waybill_flow')
      .values(flowRows.slice(i, i + 500))
      .execute();
  const feeRows = drafts.flatMap((d, i) =>
    d.fees.map((f) => ({
      merchant_id: d.row.merchant_id,
      team_code: d.row.team_code,
      waybill_id: ids[i] as number,
      fee_type_id: f.fee_type_id,
      amount_fen: f.amount_fen,
      state: 1,
      source: WAYBILL_SOURCE.office,
      photos: null,
      remark: f.remark,
      created_by: offices(d.row.merchant_id, d.row.team_code).id,
      created_at: f.at,
      updated_at: f.at,
    })),
  );
  for (let i = 0; i < feeRows.length; i += 500)
    await tx
      .insertInto('waybill_fee')
      .values(feeRows.slice(i, i + 500))
      .execute();
  const seqRows = [...sequences].map(([key, seq]) => {
    const [merchant, day] = key.split(':');
    return { merchant_id: Number(merchant), day: day as string, seq };
  });
  for (let i = 0; i < seqRows.length; i += 500)
    await tx
      .insertInto('waybill_bill_no_seq')
      .values(seqRows.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'day']).doUpdateSet({ seq: (eb) => eb.ref('excluded.seq') }),
      )
      .execute();
  return drafts.length;
}

type PaperKind = 'loading' | 'unloading' | 'receipt';

const PAPERS: Record<PaperKind, { name: string; lines: string[] }> = {
  loading: {
    name: '装车磅单.png',
    lines: ['WEIGHBRIDGE SLIP', 'LOADING', 'GROSS / TARE / NET', 'WEIGHED AND CHECKED'],
  },
  unloading: {
    name: '卸车磅单.png',
    lines: ['WEIGHBRIDGE SLIP', 'UNLOADING', 'GROSS / TARE / NET', 'WEIGHED AND CHECKED'],
  },
  receipt: { name: '回单.png', lines: ['DELIVERY RECEIPT', 'RECEIVED IN GOOD ORDER', 'SIGNED'] },
};

/**
 * The photos of a merchant's demo slips and receipts: PNG files under the upload directory, each an
 * uploaded file of the merchant (as `/file/upload` stores them), by their addresses.
 */
async function demoPhotos(
  tx: Kysely<Database>,
  uploadDir: string,
  merchantId: number,
  userId: number | null,
  now: number,
): Promise<Record<PaperKind, string>> {
  const at = new Date(now);
  const month = `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  mkdirSync(path.join(uploadDir, month), { recursive: true });
  const out = {} as Record<PaperKind, string>;
  for (const kind of Object.keys(PAPERS) as PaperKind[]) {
    const paper = PAPERS[kind];
    const data = paperPhoto(paper.lines);
    const name = createHash('sha256')
      .update(`demo-waybill|${merchantId}|${kind}|${now}`)
      .digest('hex')
      .slice(0, 32);
    const storedPath = `${month}/${name}.png`;
    writeFileSync(path.join(uploadDir, storedPath), data);
    await tx
      .insertInto('uploaded_file')
      .values({
        merchant_id: merchantId,
        user_id: userId ?? 0,
        stored_path: storedPath,
        original_name: paper.name,
        mime_type: 'image/png',
        size: data.length,
        created_at: now,
      })
      .execute();
    out[kind] = `${UPLOAD_URL_PREFIX}/${storedPath}`;
  }
  return out;
}

/** The columns of a waybill with nothing loaded, weighed or priced yet. */
function emptyProgress() {
  return {
    status: WAYBILL_STATE.toLoad,
    loading_at: null,
    departed_at: null,
    arrived_at: null,
    completed_at: null,
    cancelled: 0,
    cancel_reason: null,
    cancelled_at: null,
    loading_gross_kg: null,
    loading_tare_kg: null,
    loading_net_kg: null,
    loading_weighed_at: null,
    loading_photos: null,
    unloading_gross_kg: null,
    unloading_tare_kg: null,
    unloading_net_kg: null,
    unloading_weighed_at: null,
    unloading_photos: null,
    back_photos: null,
    back_remark: null,
    back_at: null,
    transport_price_id: null,
    price_type: null,
    price_fen: null,
    settle_weight: null,
    allowed_loss_permille: null,
    price_deduction_fen: null,
    settle_kg: null,
    loss_kg: null,
    freight_gross_fen: 0,
    loss_deduction_fen: 0,
    freight_fen: 0,
  };
}

/** The price terms in force for the waybill on the day of `at` (one query a distinct day and key). */
async function pricedAt(
  tx: Kysely<Database>,
  cache: Map<string, Awaited<ReturnType<typeof priceColumns>>>,
  w: WaybillRow,
  at: number,
) {
  const key = [w.team_code, w.customer_id, w.line_id, w.cargo, formatDate(new Date(at))].join('|');
  let terms = cache.get(key);
  if (!terms) {
    terms = await priceColumns(tx, w, at);
    cache.set(key, terms);
  }
  return terms;
}

/** The demo lines as stored, by merchant and name: their first and last stations and cargo. */
async function demoLineInfo(tx: Kysely<Database>): Promise<Map<string, LineInfo>> {
  const rows = await tx
    .selectFrom('line as l')
    .innerJoin('line_station as ls', 'ls.line_id', 'l.id')
    .innerJoin('station as s', 's.id', 'ls.station_id')
    .select([
      'l.id',
      'l.merchant_id',
      'l.name',
      'l.cargo',
      'l.running_minutes',
      'ls.seq',
      's.id as station_id',
      's.name as station_name',
      's.lat',
      's.lon',
      's.radius',
    ])
    .where('l.deleted_at', 'is', null)
    .orderBy('l.id')
    .orderBy('ls.seq')
    .execute();
  const out = new Map<string, LineInfo>();
  for (const r of rows) {
    const station: Station = {
      id: r.station_id,
      name: r.station_name,
      lat: r.lat,
      lon: r.lon,
      radius: r.radius ?? 500,
    };
    const key = `${r.merchant_id}:${r.name}`;
    const known = out.get(key);
    if (!known)
      out.set(key, {
        id: r.id,
        cargo: r.cargo ?? '',
        runningMinutes: r.running_minutes ?? 120,
        loading: station,
        unloading: station,
      });
    else known.unloading = station;
  }
  return out;
}

/** A loading slip (whole kg) of a load of the kind of work of `line`. */
export function demoLoadingSlip(kind: DemoLine['kind'], rng: Rng): { grossKg: number; tareKg: number } {
  const k = KINDS[kind];
  const tareKg = rng.int(...k.tareKg);
  return { grossKg: tareKg + rng.int(...k.netKg), tareKg };
}

/**
 * Who in the office makes a truck's waybills: the demo dispatcher for the trucks of the team they
 * dispatch, the merchant's administrator for the others.
 */
export async function officeUsers(tx: Kysely<Database>) {
  const rows = await tx
    .selectFrom('app_user as u')
    .innerJoin('user_merchant as um', 'um.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.nickname', 'um.merchant_id', 'um.team_code'])
    .where('u.username', 'in', ['admin', 'dispatch'])
    .execute();
  return (merchantId: number, teamCode: string): { id: number | null; name: string } => {
    const own = rows.filter((r) => r.merchant_id === merchantId);
    const user =
      own.find((r) => r.username === 'dispatch' && teamCode.startsWith(r.team_code)) ??
      own.find((r) => r.username === 'admin');
    return { id: user?.id ?? null, name: user?.nickname ?? '调度' };
  };
}
