import { type PeriodSumsOf, periodSums } from './helpers';

// 应付统计 by day: the sums of the fee_payable rows with fees (one row per waybill with its approved
// cost fees, 0034_payments) of each merchant, team, truck, driver and Shanghai day of the waybill
// (`day` as the number YYYYMMDD, its month day / 100), kept by triggers on fee_payable in the same
// statement that changes a row. A waybill without truck or driver is kept under truck_id or
// driver_id 0. The statistics read these few rows instead of every waybill of the period.
// 0037_payable_month keeps the same sums by month (`month` YYYYMM).

const orZero = (column: string) => ({ column, value: (p: string) => `COALESCE(${p}.${column}, 0)` });
const col = (column: string) => ({ column, value: (p: string) => `${p}.${column}` });

export const payableSums: PeriodSumsOf = {
  source: 'fee_payable',
  at: 'waybill_created_at',
  keys: [orZero('truck_id'), orZero('driver_id')],
  sums: [col('approved_fen'), col('paid_fen'), col('unpaid_fen')],
  counts: (p) => `${p}.fees > 0`,
  watched: ['fees', 'approved_fen', 'paid_fen', 'unpaid_fen'],
  coveringIndex: true,
  deletes: true,
};

export const { up, down, backFill } = periodSums('day', payableSums);
