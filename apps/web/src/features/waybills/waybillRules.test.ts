import { describe, expect, it } from 'vitest';
import { waybillPaths } from './waybillPaths';
import { canRecordBack, isOpen, offeredMoves } from './waybillRules';

const waybill = (status: number, more: { cancelled?: 0 | 1; loaded?: boolean; unloaded?: boolean } = {}) => ({
  status,
  cancelled: more.cancelled ?? 0,
  loadingNetKg: more.loaded ? 31237 : null,
  unloadingNetKg: more.unloaded ? 30900 : null,
});

describe('what the waybill pages offer', () => {
  it('offers loading at once, the departure and arrival only with the loading weight', () => {
    expect(offeredMoves(waybill(1))).toEqual([2]);
    expect(offeredMoves(waybill(2))).toEqual([]);
    expect(offeredMoves(waybill(1, { loaded: true }))).toEqual([2, 3, 4]);
    expect(offeredMoves(waybill(2, { loaded: true }))).toEqual([3, 4]);
    expect(offeredMoves(waybill(3, { loaded: true }))).toEqual([4]);
  });

  it('offers no move of a completed or cancelled waybill, nor backwards', () => {
    expect(offeredMoves(waybill(4, { loaded: true }))).toEqual([]);
    expect(offeredMoves(waybill(6, { loaded: true, unloaded: true }))).toEqual([]);
    expect(offeredMoves(waybill(1, { cancelled: 1, loaded: true }))).toEqual([]);
  });

  it('takes the receipt when arrived, or in transit with the loading weight', () => {
    expect(canRecordBack(waybill(4))).toBe(true);
    expect(canRecordBack(waybill(3, { loaded: true }))).toBe(true);
    expect(canRecordBack(waybill(3))).toBe(false);
    expect(canRecordBack(waybill(2, { loaded: true }))).toBe(false);
    expect(canRecordBack(waybill(4, { cancelled: 1 }))).toBe(false);
    expect(canRecordBack(waybill(6, { loaded: true, unloaded: true }))).toBe(false);
  });

  it('edits and cancels only open waybills', () => {
    expect(isOpen(waybill(4))).toBe(true);
    expect(isOpen(waybill(6))).toBe(false);
    expect(isOpen(waybill(1, { cancelled: 1 }))).toBe(false);
  });
});

describe('waybill paths', () => {
  it('keeps each list’s pages within its own set', () => {
    const coal = waybillPaths('/smart-coal/wayBill-tabulation');
    expect(coal.detail(7)).toBe('/smart-coal/wayBill-detail?id=7');
    expect(coal.editBack(7)).toBe('/smart-coal/wayBill-edit-back?id=7');
    expect(waybillPaths('/tc/wayBill-detail').back(7)).toBe('/tc/wayBill-create-back?id=7');
    expect(waybillPaths('/tc/wayBill-edit').list).toBe('/tc/wayBill-tabulation');
    expect(coal.tabulate('YD202611270001')).toBe('/smart-coal/wayBill-tabulation?taskCode=YD202611270001');
  });

  it('shows the pages of 运单管理 in place of its list', () => {
    const dispatch = waybillPaths('/car-dispatch/waybill');
    expect(dispatch.create).toBe('/car-dispatch/waybill?view=create');
    expect(dispatch.detail(7)).toBe('/car-dispatch/waybill?view=detail&id=7');
    expect(dispatch.edit(7)).toBe('/car-dispatch/waybill?view=edit&id=7');
  });
});
