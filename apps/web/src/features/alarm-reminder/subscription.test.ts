import { describe, expect, it } from 'vitest';
import { kindState, savedCodes, setKindCodes, toggleKind } from './subscription';

const DRIVING = [5001, 5002, 5003];

describe('subscription checkboxes', () => {
  it('shows a kind as all, some or none chosen', () => {
    expect(kindState(new Set(DRIVING), DRIVING)).toEqual({ checked: true, indeterminate: false, count: 3 });
    expect(kindState(new Set([5002, 1001]), DRIVING)).toEqual({
      checked: false,
      indeterminate: true,
      count: 1,
    });
    expect(kindState(new Set([1001]), DRIVING)).toEqual({ checked: false, indeterminate: false, count: 0 });
    expect(kindState(new Set(), [])).toEqual({ checked: false, indeterminate: false, count: 0 });
  });

  it('全选 adds or removes a kind without touching the others', () => {
    expect(savedCodes(toggleKind(new Set([1001, 5002]), DRIVING, true))).toEqual([1001, 5001, 5002, 5003]);
    expect(savedCodes(toggleKind(new Set([1001, 5002]), DRIVING, false))).toEqual([1001]);
  });

  it('a group change sets exactly the chosen codes of that kind', () => {
    expect(savedCodes(setKindCodes(new Set([1001, 5001, 5002]), DRIVING, [5003, 9999]))).toEqual([
      1001, 5003,
    ]);
  });
});
