import { type PeriodSumsOf, periodSums } from './helpers';

// 成本分析 by day: the sums of the not deleted costs of each merchant, team, truck, cost type and
// fee type (0 for the built-in types) and Shanghai day (`day` YYYYMMDD) of cost_date (`cost_at`),
// kept by triggers on cost. `waybills` is the generator's count of rows (here: the costs), `amount`
// in fen, `quantity` in hundredths of the unit. 0038_costs_month keeps the same sums by month.

const col = (column: string) => ({ column, value: (p: string) => `${p}.${column}` });

export const costSums: PeriodSumsOf = {
  source: 'cost',
  at: 'cost_at',
  keys: [
    col('truck_id'),
    col('cost_type'),
    { column: 'fee_type_id', value: (p) => `COALESCE(${p}.fee_type_id, 0)` },
  ],
  sums: [col('amount'), { column: 'quantity', value: (p) => `COALESCE(${p}.quantity, 0)` }],
  counts: (p) => `${p}.deleted_at IS NULL`,
  watched: ['deleted_at', 'amount', 'quantity'],
  coveringIndex: true,
  deletes: true,
};

export const { up, down, backFill } = periodSums('day', costSums);
