import type { Kysely } from 'kysely';
import { lineEndStations, newScanToken } from '../../modules/waybill-scan-codes/waybill-scan-codes.record';
import type { Database } from '../schema';

/**
 * A scan-code waybill code (扫码运单码) for each enabled demo price whose line starts and ends at
 * stations, kept by the price's team: the QR codes a fleet office prints for its drivers.
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
  await tx
    .insertInto('waybill_scan_code')
    .values(
      codes.map((p) => ({
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
