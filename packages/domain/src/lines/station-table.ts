import { inChina } from '../geo/fence';

/**
 * A line's station table (business sections 3 and 4): ordered rows, the first the start (1), the
 * last the end (3), waypoints (2) between. Each row carries the distance (km) and running time from
 * the previous row and whether a map service computed them (`baiduMapProduce`). Every operation
 * returns a new table with `seq` renumbered and the row types set by position, so that there is
 * always exactly one start and one end. The editing rules, exactly as the spec says:
 * - inserting a station before the end keeps the end last;
 * - deleting the first row resets it to an empty start row;
 * - changing a row marks that row's and the next row's distance as not map-calculated, until they
 *   are recalculated.
 */

export const ROW_TYPE = { start: 1, waypoint: 2, end: 3 } as const;
export type RowType = (typeof ROW_TYPE)[keyof typeof ROW_TYPE];

export interface StationRow {
  seq: number;
  stationType: RowType;
  /** The station picked for the row; null when the address was picked on the map. */
  stationId: number | null;
  address: string;
  /** WGS-84 degrees; null while the row is empty. */
  latitude: number | null;
  longitude: number | null;
  /** Kilometres from the previous row (0 on the start row). */
  distance: number;
  runningHours: number;
  runningMins: number;
  /** True when a map service computed distance and running time. */
  baiduMapProduce: boolean;
}

export type RowLocation = Pick<StationRow, 'stationId' | 'address' | 'latitude' | 'longitude'>;
export type RowLeg = Pick<StationRow, 'distance' | 'runningHours' | 'runningMins' | 'baiduMapProduce'>;

/** At most this many rows (start, end and 98 waypoints). */
export const STATION_TABLE_MAX_ROWS = 100;
export const ROW_MAX_DISTANCE_KM = 99_999;
export const ROW_MAX_HOURS = 999;

export function emptyRow(stationType: RowType = ROW_TYPE.waypoint): StationRow {
  return {
    seq: 0,
    stationType,
    stationId: null,
    address: '',
    latitude: null,
    longitude: null,
    distance: 0,
    runningHours: 0,
    runningMins: 0,
    baiduMapProduce: false,
  };
}

/** A new line's table: an empty start and an empty end. */
export function newStationTable(): StationRow[] {
  return renumber([emptyRow(ROW_TYPE.start), emptyRow(ROW_TYPE.end)]);
}

/** seq 1..n; the first row is the start (no distance before it), the last the end, waypoints between. */
export function renumber(rows: readonly StationRow[]): StationRow[] {
  return rows.map((row, index) => {
    const stationType: RowType =
      index === 0 ? ROW_TYPE.start : index === rows.length - 1 ? ROW_TYPE.end : ROW_TYPE.waypoint;
    const first = index === 0;
    return {
      ...row,
      seq: index + 1,
      stationType,
      ...(first ? { distance: 0, runningHours: 0, runningMins: 0 } : {}),
    };
  });
}

/** The rows' (and, for a location change, the next rows') distances are no longer map-calculated. */
function markNotProduced(rows: StationRow[], indexes: readonly number[]): StationRow[] {
  for (const index of indexes) {
    const row = rows[index];
    if (row) rows[index] = { ...row, baiduMapProduce: false };
  }
  return rows;
}

/** Inserts a waypoint just before the end station; the end stays last. */
export function insertBeforeEnd(rows: readonly StationRow[], location?: Partial<RowLocation>): StationRow[] {
  if (rows.length >= STATION_TABLE_MAX_ROWS) return [...rows];
  const at = Math.max(1, rows.length - 1);
  const next = [...rows];
  next.splice(at, 0, { ...emptyRow(ROW_TYPE.waypoint), ...location });
  return renumber(markNotProduced(next, [at, at + 1]));
}

/** Inserts a waypoint after row `index`; after the end it goes before the end, which stays last. */
export function insertAfter(rows: readonly StationRow[], index: number): StationRow[] {
  if (rows.length >= STATION_TABLE_MAX_ROWS) return [...rows];
  const at = Math.min(Math.max(1, index + 1), Math.max(1, rows.length - 1));
  const next = [...rows];
  next.splice(at, 0, emptyRow(ROW_TYPE.waypoint));
  return renumber(markNotProduced(next, [at, at + 1]));
}

/**
 * Deletes row `index`. The first row is not removed but reset to an empty start row, and the end
 * row likewise to an empty end row (a line always has both); a waypoint is removed. The row that
 * then follows the gap measures from a different place: it is marked not map-calculated.
 */
export function deleteRow(rows: readonly StationRow[], index: number): StationRow[] {
  if (index < 0 || index >= rows.length) return [...rows];
  const next = [...rows];
  if (index === 0) {
    next[0] = emptyRow(ROW_TYPE.start);
    return renumber(markNotProduced(next, [1]));
  }
  if (index === rows.length - 1) {
    next[index] = emptyRow(ROW_TYPE.end);
    return renumber(next);
  }
  next.splice(index, 1);
  return renumber(markNotProduced(next, [index]));
}

/** Moves a waypoint one place up (-1) or down (+1) among the waypoints; start and end stay put. */
export function moveRow(rows: readonly StationRow[], index: number, step: -1 | 1): StationRow[] {
  const target = index + step;
  if (index <= 0 || index >= rows.length - 1 || target <= 0 || target >= rows.length - 1) return [...rows];
  const next = [...rows];
  const moved = next[index] as StationRow;
  next[index] = next[target] as StationRow;
  next[target] = moved;
  const low = Math.min(index, target);
  return renumber(markNotProduced(next, [low, low + 1, low + 2]));
}

/** Changes a row's place: it and the next row are no longer map-calculated until recalculated. */
export function changeRow(
  rows: readonly StationRow[],
  index: number,
  location: Partial<RowLocation>,
): StationRow[] {
  const row = rows[index];
  if (!row) return [...rows];
  const next = [...rows];
  next[index] = { ...row, ...location };
  return renumber(markNotProduced(next, [index, index + 1]));
}

/** Distance or running time typed in by hand: that row is no longer map-calculated. */
export function editLeg(
  rows: readonly StationRow[],
  index: number,
  leg: Partial<Pick<StationRow, 'distance' | 'runningHours' | 'runningMins'>>,
): StationRow[] {
  const row = rows[index];
  if (!row || index === 0) return [...rows];
  const next = [...rows];
  next[index] = { ...row, ...leg };
  return renumber(markNotProduced(next, [index]));
}

/** Whether every row has a place. */
export function isLocated(row: StationRow): row is StationRow & { latitude: number; longitude: number } {
  return row.latitude !== null && row.longitude !== null && row.address.trim() !== '';
}

/** The recalculated legs: `legs[i]` is the leg into row i (legs[0] is ignored: the start has none). */
export function applyLegs(rows: readonly StationRow[], legs: readonly (RowLeg | null)[]): StationRow[] {
  return renumber(
    rows.map((row, index) => {
      const leg = legs[index];
      return index === 0 || !leg ? row : { ...row, ...leg };
    }),
  );
}

/** Total distance (km, 3 decimals) and running time (minutes) of a table. */
export function tableTotals(rows: readonly StationRow[]): { distance: number; minutes: number } {
  let meters = 0;
  let minutes = 0;
  for (const row of rows.slice(1)) {
    meters += Math.round(row.distance * 1000);
    minutes += row.runningHours * 60 + row.runningMins;
  }
  return { distance: meters / 1000, minutes };
}

/** Minutes as whole hours and remaining minutes. */
export function hoursAndMinutes(minutes: number): { runningHours: number; runningMins: number } {
  const total = Math.max(0, Math.round(minutes));
  return { runningHours: Math.floor(total / 60), runningMins: total % 60 };
}

/** What is wrong with a table before it is saved, in Chinese, or null. */
export function stationTableProblem(rows: readonly StationRow[]): string | null {
  if (rows.length < 2) return '线路至少需要起点和终点';
  if (rows.length > STATION_TABLE_MAX_ROWS) return `线路最多${STATION_TABLE_MAX_ROWS}个站点`;
  const starts = rows.filter((r) => r.stationType === ROW_TYPE.start).length;
  const ends = rows.filter((r) => r.stationType === ROW_TYPE.end).length;
  if (starts !== 1 || ends !== 1) return '线路必须有且只有一个起点和一个终点';
  if (rows[0]?.stationType !== ROW_TYPE.start) return '第一行必须是起点';
  if (rows[rows.length - 1]?.stationType !== ROW_TYPE.end) return '最后一行必须是终点';
  for (const [index, row] of rows.entries()) {
    const at = `第${index + 1}行`;
    if (row.seq !== index + 1) return `${at}：序号应为${index + 1}`;
    if (!isLocated(row)) return `${at}：请选择地址`;
    if ([...row.address].length > 200) return `${at}：地址最多200个字符`;
    if (!inChina(row.longitude, row.latitude)) return `${at}：经纬度不在中国境内`;
    if (!Number.isFinite(row.distance) || row.distance < 0 || row.distance > ROW_MAX_DISTANCE_KM)
      return `${at}：距离须在0-${ROW_MAX_DISTANCE_KM}公里之间`;
    if (!Number.isInteger(row.runningHours) || row.runningHours < 0 || row.runningHours > ROW_MAX_HOURS)
      return `${at}：运行小时须为0-${ROW_MAX_HOURS}的整数`;
    if (!Number.isInteger(row.runningMins) || row.runningMins < 0 || row.runningMins > 59)
      return `${at}：运行分钟须为0-59的整数`;
  }
  return null;
}
