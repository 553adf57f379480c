import { DEFAULT_RED_LINE_RATE } from '../validation/red-line';
import { type Fen, fen, subtractFen, sumFen } from './fen';

/** Income side of a profit row (business section 9). */
export interface ProfitIncome {
  totalIncome: Fen;
  reconciliationAdjustment: Fen;
}

/** Cost side of a profit row (business section 9). */
export interface ProfitCost {
  oil: Fen;
  roadBridge: Fen;
  otherVehicle: Fen;
  depreciation: Fen;
  driverSalary: Fen;
  premium: Fen;
  costAnomaly: Fen;
  timelinessPenalty: Fen;
  advanceFee: Fen;
  oilToCashDiscount: Fen;
  etcToCashDiscount: Fen;
}

/** Income total (confirmed receivable) = total income + reconciliation adjustment. */
export function incomeTotal(income: ProfitIncome): Fen {
  return sumFen(income.totalIncome, income.reconciliationAdjustment);
}

/**
 * Cost total (main business cost) = oil + road and bridge + other vehicle costs + depreciation
 * + driver salary − premium + cost anomaly − timeliness penalty − advance fee
 * − oil-to-cash discount − ETC-to-cash discount.
 */
export function costTotal(cost: ProfitCost): Fen {
  const added = sumFen(
    cost.oil,
    cost.roadBridge,
    cost.otherVehicle,
    cost.depreciation,
    cost.driverSalary,
    cost.costAnomaly,
  );
  const deducted = sumFen(
    cost.premium,
    cost.timelinessPenalty,
    cost.advanceFee,
    cost.oilToCashDiscount,
    cost.etcToCashDiscount,
  );
  return subtractFen(added, deducted);
}

/** Gross profit = income total − cost total. */
export function grossProfit(income: Fen, cost: Fen): Fen {
  return subtractFen(income, cost);
}

/**
 * Gross margin in percent with two decimals (rounded half away from zero), computed exactly on
 * integers: 1234 profit on 5000 income → 24.68. Null when the income is 0 (no margin to show).
 */
export function grossMargin(profit: Fen, income: Fen): number | null {
  if (income === 0) return null;
  const p = BigInt(fen(profit));
  const i = BigInt(fen(income));
  const negative = p < 0n !== i < 0n;
  const absP = p < 0n ? -p : p;
  const absI = i < 0n ? -i : i;
  const hundredths = (absP * 10000n * 2n + absI) / (absI * 2n);
  const value = Number(hundredths) / 100;
  return negative && value !== 0 ? -value : value;
}

/** Whether a margin is below the red line (default 60%); a missing margin is not. */
export function isBelowRedLine(
  margin: number | null | undefined,
  rate: number = DEFAULT_RED_LINE_RATE,
): boolean {
  return margin !== null && margin !== undefined && Number.isFinite(margin) && margin < rate;
}

export interface ProfitSummary {
  incomeTotal: Fen;
  costTotal: Fen;
  grossProfit: Fen;
  grossMargin: number | null;
}

/** All four figures of a profit row from its income and cost parts. */
export function profitSummary(income: ProfitIncome, cost: ProfitCost): ProfitSummary {
  const incomeFen = incomeTotal(income);
  const costFen = costTotal(cost);
  const profit = grossProfit(incomeFen, costFen);
  return {
    incomeTotal: incomeFen,
    costTotal: costFen,
    grossProfit: profit,
    grossMargin: grossMargin(profit, incomeFen),
  };
}
