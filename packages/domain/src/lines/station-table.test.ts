import { describe, expect, it } from 'vitest';
import {
  applyLegs,
  changeRow,
  deleteRow,
  editLeg,
  hoursAndMinutes,
  insertAfter,
  insertBeforeEnd,
  moveRow,
  newStationTable,
  ROW_TYPE,
  type StationRow,
  stationTableProblem,
  tableTotals,
} from './station-table';

const place = (name: string, lng: number, lat: number) => ({
  address: name,
  longitude: lng,
  latitude: lat,
  stationId: null,
});

/** A calculated table: 东胜 → 包头 → 天津港, every leg map-calculated. */
function calculated(): StationRow[] {
  let rows = newStationTable();
  rows = changeRow(rows, 0, place('东胜', 109.96, 39.82));
  rows = changeRow(rows, 1, place('天津港', 117.78, 38.98));
  rows = insertBeforeEnd(rows, place('包头', 109.84, 40.66));
  return applyLegs(rows, [
    null,
    { distance: 110.5, runningHours: 1, runningMins: 50, baiduMapProduce: true },
    { distance: 720.25, runningHours: 10, runningMins: 5, baiduMapProduce: true },
  ]);
}

const types = (rows: StationRow[]) => rows.map((r) => r.stationType);
const names = (rows: StationRow[]) => rows.map((r) => r.address);
const produced = (rows: StationRow[]) => rows.map((r) => r.baiduMapProduce);

describe('line station table (business section 4)', () => {
  it('starts with an empty start and an empty end', () => {
    const rows = newStationTable();
    expect(rows.map((r) => [r.seq, r.stationType, r.address])).toEqual([
      [1, ROW_TYPE.start, ''],
      [2, ROW_TYPE.end, ''],
    ]);
  });

  it('inserting before the end keeps the end last and renumbers', () => {
    const rows = calculated();
    expect(names(rows)).toEqual(['东胜', '包头', '天津港']);
    const more = insertBeforeEnd(rows, place('集宁', 113.1, 41.03));
    expect(names(more)).toEqual(['东胜', '包头', '集宁', '天津港']);
    expect(more.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(types(more)).toEqual([1, 2, 2, 3]);
    // the new row and the end (now measured from the new row) are not map-calculated
    expect(produced(more)).toEqual([false, true, false, false]);
    // an empty waypoint, too
    const blank = insertBeforeEnd(more);
    expect(names(blank)).toEqual(['东胜', '包头', '集宁', '', '天津港']);
    expect(blank[4]?.stationType).toBe(ROW_TYPE.end);
  });

  it('inserting after the end still puts the new row before the end', () => {
    const rows = calculated();
    const after = insertAfter(rows, 2);
    expect(names(after)).toEqual(['东胜', '包头', '', '天津港']);
    expect(types(after)).toEqual([1, 2, 2, 3]);
    const afterStart = insertAfter(rows, 0);
    expect(names(afterStart)).toEqual(['东胜', '', '包头', '天津港']);
    expect(produced(afterStart)).toEqual([false, false, false, true]);
  });

  it('deleting the first row resets it to an empty start row', () => {
    const rows = calculated();
    const next = deleteRow(rows, 0);
    expect(next).toHaveLength(3);
    expect(next[0]).toMatchObject({
      seq: 1,
      stationType: ROW_TYPE.start,
      address: '',
      latitude: null,
      longitude: null,
      stationId: null,
      distance: 0,
    });
    expect(names(next)).toEqual(['', '包头', '天津港']);
    // the second row measured from the deleted start
    expect(produced(next)).toEqual([false, false, true]);
  });

  it('deleting a waypoint removes it; the row after it is not map-calculated; the end resets to empty', () => {
    const rows = calculated();
    const next = deleteRow(rows, 1);
    expect(names(next)).toEqual(['东胜', '天津港']);
    expect(types(next)).toEqual([1, 3]);
    expect(produced(next)).toEqual([false, false]);
    const noEnd = deleteRow(rows, 2);
    expect(names(noEnd)).toEqual(['东胜', '包头', '']);
    expect(types(noEnd)).toEqual([1, 2, 3]);
    expect(deleteRow(rows, 7)).toEqual(rows);
  });

  it("a change marks that row's and the next row's distance not map-calculated, until recalculated", () => {
    const rows = calculated();
    expect(produced(rows)).toEqual([false, true, true]);
    const changed = changeRow(rows, 1, place('呼和浩特', 111.67, 40.8));
    expect(produced(changed)).toEqual([false, false, false]);
    // the distance stays until it is recalculated
    expect(changed[1]?.distance).toBe(110.5);
    const recalculated = applyLegs(changed, [
      null,
      { distance: 250, runningHours: 3, runningMins: 20, baiduMapProduce: true },
      { distance: 610, runningHours: 8, runningMins: 40, baiduMapProduce: true },
    ]);
    expect(produced(recalculated)).toEqual([false, true, true]);
    // a change of the end only touches the end
    expect(produced(changeRow(rows, 2, place('曹妃甸', 118.5, 38.95)))).toEqual([false, true, false]);
    // a distance typed in by hand is not map-calculated either, and leaves the next row alone
    const typed = editLeg(rows, 1, { distance: 99 });
    expect(produced(typed)).toEqual([false, false, true]);
    expect(typed[1]?.distance).toBe(99);
  });

  it('moves waypoints among waypoints only', () => {
    let rows = insertBeforeEnd(calculated(), place('集宁', 113.1, 41.03));
    rows = applyLegs(
      rows,
      rows.map(() => ({ distance: 1, runningHours: 0, runningMins: 1, baiduMapProduce: true })),
    );
    const down = moveRow(rows, 1, 1);
    expect(names(down)).toEqual(['东胜', '集宁', '包头', '天津港']);
    expect(produced(down)).toEqual([false, false, false, false]);
    expect(names(moveRow(rows, 0, 1))).toEqual(names(rows));
    expect(names(moveRow(rows, 2, 1))).toEqual(names(rows));
    expect(names(moveRow(rows, 1, -1))).toEqual(names(rows));
  });

  it('validates a table before saving: one start, one end, every row placed, in China', () => {
    const rows = calculated();
    expect(stationTableProblem(rows)).toBeNull();
    expect(stationTableProblem(deleteRow(rows, 0))).toBe('第1行：请选择地址');
    expect(stationTableProblem(rows.slice(0, 1))).toBe('线路至少需要起点和终点');
    const twoStarts = rows.map((r, i) => (i === 1 ? { ...r, stationType: ROW_TYPE.start } : r));
    expect(stationTableProblem(twoStarts)).toBe('线路必须有且只有一个起点和一个终点');
    const swapped = [rows[2], rows[1], rows[0]] as StationRow[];
    expect(stationTableProblem(swapped)).toBe('第一行必须是起点');
    const badSeq = rows.map((r, i) => (i === 1 ? { ...r, seq: 5 } : r));
    expect(stationTableProblem(badSeq)).toBe('第2行：序号应为2');
    const abroad = changeRow(rows, 2, place('东京', 139.7, 35.7));
    expect(stationTableProblem(abroad)).toBe('第3行：经纬度不在中国境内');
    const badMins = editLeg(rows, 1, { runningMins: 60 });
    expect(stationTableProblem(badMins)).toBe('第2行：运行分钟须为0-59的整数');
  });

  it('adds up distance and running time', () => {
    expect(tableTotals(calculated())).toEqual({ distance: 830.75, minutes: 715 });
    expect(hoursAndMinutes(715)).toEqual({ runningHours: 11, runningMins: 55 });
  });
});
