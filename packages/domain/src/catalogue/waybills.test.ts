import { describe, expect, it } from 'vitest';
import {
  kgToTons,
  netWeightKg,
  tonsToKg,
  WAYBILL_STATE,
  waybillBillNo,
  waybillFreight,
  waybillMoveRefusal,
} from './waybills';

const perTon = {
  priceType: 1,
  priceFen: 12_050, // 120.50 元/吨
  settleWeight: 1,
  allowedLossPermille: 2,
  deductionFen: 60_000, // 600.00 元/吨
  loadingNetKg: 32_460,
  unloadingNetKg: 32_400,
};

describe('waybill freight', () => {
  it('settles per ton on the loading net, rounded half up to the fen', () => {
    // 120.50 × 32.460 = 3911.43 元; loss 60 kg, allowed 2‰ of 32,460 = 64.92 kg: no deduction
    expect(waybillFreight(perTon)).toEqual({
      settleKg: 32_460,
      lossKg: 60,
      excessLossKg: 0,
      grossFen: 391_143,
      deductionFen: 0,
      freightFen: 391_143,
    });
  });

  it('settles on the unloading net or the lesser', () => {
    expect(waybillFreight({ ...perTon, settleWeight: 2 }).grossFen).toBe(390_420);
    expect(waybillFreight({ ...perTon, settleWeight: 3 }).settleKg).toBe(32_400);
    expect(waybillFreight({ ...perTon, settleWeight: 3, unloadingNetKg: 32_500 }).settleKg).toBe(32_460);
  });

  it('deducts the loss above the allowed per mille at the deduction price', () => {
    // loss 160 kg, allowed 64.92 kg, excess 95.08 kg × 600 元/吨 = 57.048 元 → 57.05
    const f = waybillFreight({ ...perTon, unloadingNetKg: 32_300 });
    expect(f.lossKg).toBe(160);
    expect(f.excessLossKg).toBeCloseTo(95.08, 10);
    expect(f.deductionFen).toBe(5_705);
    expect(f.freightFen).toBe(391_143 - 5_705);
  });

  it('knows nothing until the weight it settles on is known; per trip once loaded', () => {
    expect(waybillFreight({ ...perTon, settleWeight: 2, unloadingNetKg: null }).freightFen).toBe(0);
    expect(waybillFreight({ ...perTon, loadingNetKg: null, unloadingNetKg: null }).freightFen).toBe(0);
    const trip = { ...perTon, priceType: 2, priceFen: 350_000 };
    expect(waybillFreight({ ...trip, loadingNetKg: null, unloadingNetKg: null }).freightFen).toBe(0);
    expect(waybillFreight(trip).freightFen).toBe(350_000);
  });

  it('is exact for the largest amounts', () => {
    const f = waybillFreight({
      ...perTon,
      priceFen: 9_999_999_999,
      loadingNetKg: 199_999,
      unloadingNetKg: 0,
    });
    // 9,999,999,999 × 199,999 / 1000 = 1,999,989,999,800.001 → 1,999,989,999,800
    expect(f.grossFen).toBe(1_999_989_999_800);
    expect(f.freightFen).toBe(Math.max(0, f.grossFen - f.deductionFen));
  });
});

describe('waybill moves', () => {
  const open = { status: 1, cancelled: false, loaded: false, unloaded: false };
  it('goes forward only, leaving needs the loading weight, completing the unloading weight', () => {
    expect(waybillMoveRefusal(open, WAYBILL_STATE.loading)).toBeUndefined();
    expect(waybillMoveRefusal(open, WAYBILL_STATE.inTransit)).toBe('请先录入装车磅单，再变更为“运输中”');
    expect(waybillMoveRefusal({ ...open, loaded: true }, WAYBILL_STATE.inTransit)).toBeUndefined();
    expect(waybillMoveRefusal({ ...open, status: 3, loaded: true }, WAYBILL_STATE.loading)).toBe(
      '运单当前为“运输中”，不能变更为“装货中”',
    );
    expect(waybillMoveRefusal({ ...open, status: 4, loaded: true }, WAYBILL_STATE.completed)).toBe(
      '请先录入回单（卸车重量），再完成运单',
    );
    expect(waybillMoveRefusal({ ...open, status: 4, loaded: true, unloaded: true }, 6)).toBeUndefined();
    expect(waybillMoveRefusal({ ...open, cancelled: true }, 2)).toBe('运单已取消，不能变更状态');
    expect(waybillMoveRefusal({ ...open, status: 6 }, 6)).toBe('运单已完成，不能变更状态');
    expect(waybillMoveRefusal(open, 5)).toBe('运单状态不正确');
  });
});

describe('weights and bill numbers', () => {
  it('computes net weights and converts tons exactly', () => {
    expect(netWeightKg(49_000, 16_540)).toBe(32_460);
    expect(netWeightKg(16_000, 16_000)).toBeUndefined();
    expect(kgToTons(32_460)).toBe('32.460');
    expect(kgToTons(5)).toBe('0.005');
    expect(kgToTons(null)).toBe('');
    expect(tonsToKg('32.46')).toBe(32_460);
    expect(tonsToKg(0.005)).toBe(5);
    expect(tonsToKg('1.2345')).toBeUndefined();
    expect(tonsToKg('-1')).toBeUndefined();
  });

  it('numbers bills by day and sequence', () => {
    expect(waybillBillNo('2026-11-25', 7)).toBe('YD202611250007');
    expect(waybillBillNo('20261125', 12_345)).toBe('YD2026112512345');
  });
});
