import { describe, expect, it } from 'vitest';
import { fen, fenToYuan, yuanToFen } from './fen';
import {
  costTotal,
  grossMargin,
  grossProfit,
  incomeTotal,
  isBelowRedLine,
  type ProfitCost,
  profitSummary,
} from './profit';

const zeroCost: ProfitCost = {
  oil: fen(0),
  roadBridge: fen(0),
  otherVehicle: fen(0),
  depreciation: fen(0),
  driverSalary: fen(0),
  premium: fen(0),
  costAnomaly: fen(0),
  timelinessPenalty: fen(0),
  advanceFee: fen(0),
  oilToCashDiscount: fen(0),
  etcToCashDiscount: fen(0),
};

const cost: ProfitCost = {
  oil: yuanToFen('3200.50'),
  roadBridge: yuanToFen('860'),
  otherVehicle: yuanToFen('120.25'),
  depreciation: yuanToFen('500'),
  driverSalary: yuanToFen('1500'),
  premium: yuanToFen('100'),
  costAnomaly: yuanToFen('30.10'),
  timelinessPenalty: yuanToFen('50'),
  advanceFee: yuanToFen('200'),
  oilToCashDiscount: yuanToFen('64.01'),
  etcToCashDiscount: yuanToFen('17.2'),
};

describe('incomeTotal', () => {
  it('adds the reconciliation adjustment to the income', () => {
    expect(
      fenToYuan(
        incomeTotal({ totalIncome: yuanToFen('10000'), reconciliationAdjustment: yuanToFen('-150.5') }),
      ),
    ).toBe('9849.50');
    expect(incomeTotal({ totalIncome: fen(0), reconciliationAdjustment: fen(0) })).toBe(0);
  });
});

describe('costTotal', () => {
  it('adds the costs and deducts premium, penalty, advance fee and discounts', () => {
    // 3200.50 + 860 + 120.25 + 500 + 1500 - 100 + 30.10 - 50 - 200 - 64.01 - 17.2 = 5779.64
    expect(fenToYuan(costTotal(cost))).toBe('5779.64');
  });

  it('deducts each deduction item and adds the anomaly', () => {
    expect(costTotal({ ...zeroCost, premium: fen(100) })).toBe(-100);
    expect(costTotal({ ...zeroCost, costAnomaly: fen(100) })).toBe(100);
    expect(costTotal({ ...zeroCost, timelinessPenalty: fen(1) })).toBe(-1);
    expect(costTotal({ ...zeroCost, advanceFee: fen(1) })).toBe(-1);
    expect(costTotal({ ...zeroCost, oilToCashDiscount: fen(1) })).toBe(-1);
    expect(costTotal({ ...zeroCost, etcToCashDiscount: fen(1) })).toBe(-1);
    expect(costTotal(zeroCost)).toBe(0);
  });
});

describe('grossProfit and grossMargin', () => {
  it('compute profit and margin', () => {
    expect(grossProfit(fen(5000), fen(3766))).toBe(1234);
    expect(grossMargin(fen(1234), fen(5000))).toBe(24.68);
    expect(grossMargin(fen(1), fen(3))).toBe(33.33);
    expect(grossMargin(fen(2), fen(3))).toBe(66.67);
    expect(grossMargin(fen(5000), fen(5000))).toBe(100);
  });

  it('round half away from zero, also for losses', () => {
    expect(grossMargin(fen(1), fen(8))).toBe(12.5);
    expect(grossMargin(fen(1), fen(80000))).toBe(0);
    expect(grossMargin(fen(1), fen(16000))).toBe(0.01);
    expect(grossMargin(fen(-1), fen(16000))).toBe(-0.01);
    expect(grossMargin(fen(-2), fen(3))).toBe(-66.67);
    expect(grossMargin(fen(-1), fen(80000))).toBe(0);
  });

  it('is exact for large amounts', () => {
    expect(grossMargin(fen(333_333_333_333), fen(999_999_999_999))).toBe(33.33);
  });

  it('is null without income', () => {
    expect(grossMargin(fen(-500), fen(0))).toBeNull();
  });
});

describe('isBelowRedLine', () => {
  it('compares with 60 by default', () => {
    expect(isBelowRedLine(59.99)).toBe(true);
    expect(isBelowRedLine(60)).toBe(false);
    expect(isBelowRedLine(75)).toBe(false);
    expect(isBelowRedLine(-5)).toBe(true);
  });

  it('takes the merchant rate', () => {
    expect(isBelowRedLine(25, 30)).toBe(true);
    expect(isBelowRedLine(35, 30)).toBe(false);
  });

  it('is false without a margin', () => {
    expect(isBelowRedLine(null)).toBe(false);
    expect(isBelowRedLine(undefined)).toBe(false);
    expect(isBelowRedLine(Number.NaN)).toBe(false);
  });
});

describe('profitSummary', () => {
  it('gives all four figures', () => {
    const summary = profitSummary(
      { totalIncome: yuanToFen('8000'), reconciliationAdjustment: yuanToFen('-20.36') },
      cost,
    );
    expect(fenToYuan(summary.incomeTotal)).toBe('7979.64');
    expect(fenToYuan(summary.costTotal)).toBe('5779.64');
    expect(fenToYuan(summary.grossProfit)).toBe('2200.00');
    expect(summary.grossMargin).toBe(27.57);
  });
});
