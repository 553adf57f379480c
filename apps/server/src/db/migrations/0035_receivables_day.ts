import { type PeriodSumsOf, periodSums } from './helpers';

// 应收统计 by day: the sums of the not cancelled bill_receive rows of each merchant, team, customer
// and Shanghai day of completion (`day` as the number YYYYMMDD, its month day / 100), kept by
// triggers on bill_receive in the same statement that changes a row (a fee, the freight, a check,
// an adjustment). The statistics read these few rows instead of every waybill of the period.
// 0035_receivables_month keeps the same sums by month (`month` YYYYMM).

const col = (column: string) => ({ column, value: (b: string) => `${b}.${column}` });

export const receivableSums: PeriodSumsOf = {
  source: 'bill_receive',
  at: 'completed_at',
  keys: [col('customer_id')],
  sums: [
    col('freight_fen'),
    col('fee_income_fen'),
    col('income_fen'),
    col('adjust_fen'),
    { column: 'check_fen', value: (b) => `COALESCE(${b}.check_fen, 0)` },
    col('anomaly_fen'),
  ],
  counts: (b) => `${b}.cancelled = 0`,
  watched: [
    'cancelled',
    'freight_fen',
    'fee_income_fen',
    'income_fen',
    'adjust_fen',
    'check_fen',
    'anomaly_fen',
  ],
};

export const { up, down, backFill } = periodSums('day', receivableSums);
