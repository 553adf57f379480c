import type { Kysely } from 'kysely';
import { lineEndStations, newScanToken } from '../../modules/waybill-scan-codes/waybill-scan-codes.record';
import type { Database } from '../schema';

/**
 * A scan-code waybill code (扫码运单码) for each enabled demo price whose line starts and ends at
 * stations, kept by each team below the price's (or the price's own when it has none): the QR codes
 * each fleet office prints for its drivers.
 */
export async function seedDemoScanCodes(tx: Kysely<Database>, userId: number, now: number): Promise<void> {
  const prices = await tx
    .selectFrom('transport_price')
    .select(['merchant_id', 'team_code', 'customer_id', 'line_id', 'cargo'])
    .where('valid', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const ends = await lineEndStations(
    tx,
    prices.map((p) => p.line_id),
  );
  const codes = prices.filter((p) => {
    const e = ends.get(p.line_id);
    return e?.loadingStationId != null && e.unloadingStationId != null;
  });
  if (codes.length === 0) return;
  const teams = await tx.selectFrom('team').select(['merchant_id', 'team_code', 'parent_code']).execute();
  const teamsOf = (p: (typeof codes)[number]) => {
    const below = teams.filter((t) => t.merchant_id === p.merchant_id && t.parent_code === p.team_code);
    return below.length > 0 ? below.map((t) => t.team_code) : [p.team_code];
  };
  await tx
    .insertInto('waybill_scan_code')
    .values(
      codes
        .flatMap((p) => teamsOf(p).map((teamCode) => ({ ...p, team_code: teamCode })))
        .map((p) => ({
          merchant_id: p.merchant_id,
          team_code: p.team_code,
          token: newScanToken(),
          customer_id: p.customer_id,
          line_id: p.line_id,
          cargo: p.cargo,
          remark: '贴于装货地磅房',
          created_by: userId,
          created_at: now,
          updated_at: now,
        })),
    )
    .execute();
}
