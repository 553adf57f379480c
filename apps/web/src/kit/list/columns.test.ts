import { describe, expect, it } from 'vitest';
import { columnSettings, fieldsToSave, moveItem, sizedColumns, visibleColumns } from './columns';

const columns = [
  { key: 'username' },
  { key: 'nickname' },
  { key: 'phone' },
  { key: 'status' },
  { key: 'actions', locked: true },
];
const keys = (list: { key: string }[]) => list.map((c) => c.key);

describe('visibleColumns', () => {
  it('shows every column when nothing is saved', () => {
    expect(keys(visibleColumns(columns, null))).toEqual([
      'username',
      'nickname',
      'phone',
      'status',
      'actions',
    ]);
  });

  it('shows the saved columns in the saved order, and the locked ones where they were', () => {
    expect(keys(visibleColumns(columns, ['status', 'username']))).toEqual(['status', 'username', 'actions']);
  });

  it('ignores unknown keys, and shows everything rather than nothing', () => {
    expect(keys(visibleColumns(columns, ['gone', 'phone']))).toEqual(['phone', 'actions']);
    expect(keys(visibleColumns(columns, ['gone']))).toHaveLength(5);
    expect(keys(visibleColumns(columns, ['actions']))).toHaveLength(5);
  });

  it('keeps a locked leading column at the start', () => {
    const withIndex = [{ key: 'index', locked: true }, ...columns];
    expect(keys(visibleColumns(withIndex, ['phone']))).toEqual(['index', 'phone', 'actions']);
  });
});

describe('columnSettings and fieldsToSave', () => {
  it('lists saved columns first, the rest hidden, never the locked ones', () => {
    const settings = columnSettings(columns, ['phone', 'username']);
    expect(settings).toEqual([
      { key: 'phone', visible: true },
      { key: 'username', visible: true },
      { key: 'nickname', visible: false },
      { key: 'status', visible: false },
    ]);
    expect(fieldsToSave(settings)).toEqual(['phone', 'username']);
  });

  it('shows every column as visible when nothing is saved', () => {
    expect(fieldsToSave(columnSettings(columns, null))).toEqual(['username', 'nickname', 'phone', 'status']);
  });
});

describe('moveItem', () => {
  it('moves up and down within the list', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
  });
});

describe('sizedColumns', () => {
  it('keeps numeric widths, sizes the others by their title, and sums them with the checkbox', () => {
    const { columns: sized, scrollX } = sizedColumns(
      [
        { key: 'carNo', title: '车牌号', width: 120 },
        { key: 'team', title: '所属车队' },
        { key: 'lastReportTime', title: '最后上报时间(GPS定位时间)' },
        { key: 'speed', title: 'Speed(km/h)', width: '10%' },
      ],
      true,
    );
    expect(sized.map((c) => c.width)).toEqual([120, 100, 32 + 14 * 10 + 8 * 5, 32 + 8 * 11]);
    expect(scrollX).toBe(32 + 120 + 100 + 212 + 120);
    expect(sizedColumns([{ title: '操作', width: 200 }], false).scrollX).toBe(200);
  });
});
