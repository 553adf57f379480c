import type { Selectable } from 'kysely';
import type { VehicleStateTable } from '../telematics.table';
import type { PositionRow } from './position';

// The column order of `position` and `vehicle_state` rows as the ingest writes them: the SQL texts
// of both databases and the packed form the SQLite writer thread receives all come from here.

/** The latest state of a truck, as kept in memory and in `vehicle_state`. */
export type VehicleState = Selectable<VehicleStateTable>;

export const POSITION_COLUMNS =
  'truck_id, terminal_id, time, received_at, lat, lon, altitude, speed, direction, alarm_bits, status_bits, mileage, fuel, extra';
export const STATE_COLUMNS = [
  'truck_id',
  'terminal_id',
  'time',
  'received_at',
  'lat',
  'lon',
  'altitude',
  'speed',
  'direction',
  'acc',
  'online',
  'alarm_bits',
  'status_bits',
  'mileage',
  'fuel',
  'driver_id',
] as const;
/** A report without odometer or fuel keeps the values known before. */
export const STATE_UPDATE = STATE_COLUMNS.filter((c) => c !== 'truck_id')
  .map((c) =>
    c === 'mileage' || c === 'fuel'
      ? `${c} = coalesce(excluded.${c}, vehicle_state.${c})`
      : `${c} = excluded.${c}`,
  )
  .join(', ');

export function positionValues(r: PositionRow, out: unknown[], at: number): void {
  out[at] = r.truckId;
  out[at + 1] = r.terminalId;
  out[at + 2] = r.time;
  out[at + 3] = r.receivedAt;
  out[at + 4] = r.lat;
  out[at + 5] = r.lon;
  out[at + 6] = r.altitude;
  out[at + 7] = r.speed;
  out[at + 8] = r.direction;
  out[at + 9] = r.alarmBits;
  out[at + 10] = r.statusBits;
  out[at + 11] = r.mileage;
  out[at + 12] = r.fuel;
  out[at + 13] = r.extra;
}

export function stateValues(s: VehicleState, out: unknown[], at: number): void {
  for (let c = 0; c < STATE_COLUMNS.length; c++) out[at + c] = s[STATE_COLUMNS[c] as keyof VehicleState];
}

/** Rows a multi-row SQLite statement carries; the rest of a batch goes row by row. */
export const SQLITE_CHUNK = 64;

const valueRows = (n: number, width: number) =>
  Array.from({ length: n }, () => `(${Array.from({ length: width }, () => '?').join(',')})`).join(',');
/** A resent report (same truck, time and place: the unique key of `position`) is stored once. */
const insertPositions = (n: number) =>
  `insert into position (${POSITION_COLUMNS}) values ${valueRows(n, 14)} on conflict do nothing`;
const upsertStates = (n: number) =>
  `insert into vehicle_state (${STATE_COLUMNS.join(', ')}) values ${valueRows(n, STATE_COLUMNS.length)} ` +
  `on conflict (truck_id) do update set ${STATE_UPDATE}`;

/** The statements of the SQLite ingest, for this connection and for the writer thread's. */
export const SQLITE_INGEST_SQL = {
  positions: insertPositions(SQLITE_CHUNK),
  position: insertPositions(1),
  states: upsertStates(SQLITE_CHUNK),
  state: upsertStates(1),
  online: 'update vehicle_state set online = ? where truck_id = ?',
};

/**
 * Positions and states packed by column order into numbers (NaN for null) for the writer thread;
 * the positions' `extra` texts (the 14th column, mostly null) beside them by row.
 */
export const POSITION_NUMBERS = 13;
export const STATE_NUMBERS = STATE_COLUMNS.length;

export function packPositions(rows: readonly PositionRow[]): {
  values: Float64Array<ArrayBuffer>;
  extras: string[];
} {
  const values = new Float64Array(rows.length * POSITION_NUMBERS);
  const extras: string[] = [];
  const one: unknown[] = new Array(POSITION_NUMBERS + 1);
  for (let i = 0; i < rows.length; i++) {
    positionValues(rows[i] as PositionRow, one, 0);
    for (let c = 0; c < POSITION_NUMBERS; c++)
      values[i * POSITION_NUMBERS + c] = (one[c] as number | null) ?? Number.NaN;
    if (one[POSITION_NUMBERS] !== null) extras[i] = one[POSITION_NUMBERS] as string;
  }
  return { values, extras };
}

export function packStates(rows: readonly VehicleState[]): Float64Array<ArrayBuffer> {
  const values = new Float64Array(rows.length * STATE_NUMBERS);
  const one: unknown[] = new Array(STATE_NUMBERS);
  for (let i = 0; i < rows.length; i++) {
    stateValues(rows[i] as VehicleState, one, 0);
    for (let c = 0; c < STATE_NUMBERS; c++)
      values[i * STATE_NUMBERS + c] = (one[c] as number | null) ?? Number.NaN;
  }
  return values;
}
