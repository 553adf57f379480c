import {
  CERTIFICATE_KINDS,
  CERTIFICATE_REMIND_DAYS,
  CERTIFICATE_STATES,
  certificateDue,
  formatDate,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** One certificate of a truck or driver expiring within the days asked, or expired. */
export interface CertificateItem {
  /** 'truck:12:insurance' */
  key: string;
  owner: 'truck' | 'driver';
  ownerName: string;
  truckId: number | null;
  driverId: number | null;
  carNo: string;
  driverName: string;
  phone: string;
  teamCode: string;
  teamName: string;
  kind: string;
  kindName: string;
  expiry: string;
  daysLeft: number;
  state: 1 | 2;
  stateName: string;
}

export interface CertificateFilter {
  /** Days ahead (default 30). */
  withinDays?: number;
  /** 'truck' | 'driver' */
  owner?: string;
  kind?: string;
  /** 1 即将到期, 2 已过期. */
  state?: number;
  truckId?: number;
  driverId?: number;
  keyword?: string;
  teamCode?: string;
}

const STATE_NAMES: Record<number, string> = Object.fromEntries(
  CERTIFICATE_STATES.map((s) => [s.value, s.label]),
);

/**
 * The certificates of trucks and drivers in reach (merchant, team subtree) that expire within the
 * days asked or have expired, soonest first (the longest expired first). `teamCode` '' is the whole
 * merchant.
 */
export async function certificateItems(
  db: Kysely<Database>,
  reach: { merchantId: number; teamCode: string },
  filter: CertificateFilter,
  now: number,
): Promise<CertificateItem[]> {
  const today = formatDate(new Date(now));
  const within = filter.withinDays ?? CERTIFICATE_REMIND_DAYS;
  const horizon = formatDate(new Date(now + within * 86_400_000));
  const team = reach.teamCode;
  const kinds = CERTIFICATE_KINDS.filter(
    (k) => (!filter.owner || k.owner === filter.owner) && (!filter.kind || k.key === filter.kind),
  );
  const items: CertificateItem[] = [];
  const truckKinds = kinds.filter((k) => k.owner === 'truck');
  if (truckKinds.length > 0 && !filter.driverId) {
    let q = db
      .selectFrom('truck as t')
      .leftJoin('team', (j) =>
        j.onRef('team.team_code', '=', 't.team_code').onRef('team.merchant_id', '=', 't.merchant_id'),
      )
      .leftJoin('driver as d', 'd.id', 't.driver_id')
      .select([
        't.id',
        't.car_no',
        't.team_code',
        'team.team_name',
        'd.name as driver_name',
        'd.phone as driver_phone',
        't.driving_license_expiry',
        't.operating_license_expiry',
        't.insurance_expiry',
        't.annual_inspection_expiry',
      ])
      .where('t.merchant_id', '=', reach.merchantId)
      .where('t.team_code', 'like', `${team}%`)
      .where('t.deleted_at', 'is', null)
      .where((eb) =>
        eb.or(truckKinds.map((k) => eb(`t.${k.column}` as 't.insurance_expiry', '<=', horizon))),
      );
    if (filter.truckId) q = q.where('t.id', '=', filter.truckId);
    if (filter.keyword) q = q.where('t.car_no', 'like', `%${filter.keyword}%`);
    for (const t of await q.execute()) {
      for (const k of truckKinds) {
        const expiry = (t as Record<string, unknown>)[k.column] as string | null;
        if (!expiry || expiry > horizon) continue;
        const due = certificateDue(expiry, today, within);
        if (!due.state) continue;
        items.push({
          key: `truck:${t.id}:${k.key}`,
          owner: 'truck',
          ownerName: t.car_no,
          truckId: t.id,
          driverId: null,
          carNo: t.car_no,
          driverName: t.driver_name ?? '',
          phone: t.driver_phone ?? '',
          teamCode: t.team_code,
          teamName: t.team_name ?? '',
          kind: k.key,
          kindName: k.label,
          expiry,
          daysLeft: due.daysLeft,
          state: due.state,
          stateName: STATE_NAMES[due.state] ?? '',
        });
      }
    }
  }
  const driverKinds = kinds.filter((k) => k.owner === 'driver');
  if (driverKinds.length > 0 && !filter.truckId) {
    let q = db
      .selectFrom('driver as d')
      .leftJoin('team', (j) =>
        j.onRef('team.team_code', '=', 'd.team_code').onRef('team.merchant_id', '=', 'd.merchant_id'),
      )
      .select([
        'd.id',
        'd.name',
        'd.phone',
        'd.team_code',
        'team.team_name',
        'd.license_expiry',
        'd.qualification_expiry',
      ])
      .where('d.merchant_id', '=', reach.merchantId)
      .where('d.team_code', 'like', `${team}%`)
      .where('d.deleted_at', 'is', null)
      .where((eb) => eb.or(driverKinds.map((k) => eb(`d.${k.column}` as 'd.license_expiry', '<=', horizon))));
    if (filter.driverId) q = q.where('d.id', '=', filter.driverId);
    if (filter.keyword)
      q = q.where((eb) =>
        eb.or([eb('d.name', 'like', `%${filter.keyword}%`), eb('d.phone', 'like', `%${filter.keyword}%`)]),
      );
    const rows = await q.execute();
    // the truck each driver drives, for the plate column
    const plates = new Map<number, string>();
    if (rows.length > 0) {
      const ids = rows.map((r) => r.id);
      for (let i = 0; i < ids.length; i += 500) {
        const trucks = await db
          .selectFrom('truck')
          .select(['driver_id', 'car_no'])
          .where('merchant_id', '=', reach.merchantId)
          .where('deleted_at', 'is', null)
          .where('driver_id', 'in', ids.slice(i, i + 500))
          .execute();
        for (const t of trucks) if (t.driver_id) plates.set(t.driver_id, t.car_no);
      }
    }
    for (const d of rows) {
      for (const k of driverKinds) {
        const expiry = (d as Record<string, unknown>)[k.column] as string | null;
        if (!expiry || expiry > horizon) continue;
        const due = certificateDue(expiry, today, within);
        if (!due.state) continue;
        items.push({
          key: `driver:${d.id}:${k.key}`,
          owner: 'driver',
          ownerName: d.name,
          truckId: null,
          driverId: d.id,
          carNo: plates.get(d.id) ?? '',
          driverName: d.name,
          phone: d.phone,
          teamCode: d.team_code,
          teamName: d.team_name ?? '',
          kind: k.key,
          kindName: k.label,
          expiry,
          daysLeft: due.daysLeft,
          state: due.state,
          stateName: STATE_NAMES[due.state] ?? '',
        });
      }
    }
  }
  return items
    .filter((i) => !filter.state || i.state === filter.state)
    .sort((a, b) => a.daysLeft - b.daysLeft || a.key.localeCompare(b.key));
}
