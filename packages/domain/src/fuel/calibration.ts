/**
 * Fuel calibration (油箱标定): a truck's table from the sensor reading as the terminal reports it
 * (JT/T 808 additional item 0x02, in tenths) to litres in the tank (tenths of a litre), read
 * piecewise linearly. Without a table the reading is taken as tenths of a litre, as 0x02 defines it,
 * and the tank capacity turns it into a percentage.
 */
export interface CalibrationRow {
  /** Sensor reading, tenths as reported. */
  reading: number;
  /** Litres in the tank at that reading, tenths of a litre. */
  litres: number;
}

/** A usable table: at least 2 rows, readings and litres both strictly increasing. */
export const CALIBRATION_MIN_ROWS = 2;

/** Why a table cannot be used, in Chinese (row numbers from 1), or null when it can. */
export function calibrationProblem(rows: readonly CalibrationRow[]): string | null {
  if (rows.length < CALIBRATION_MIN_ROWS) return `标定表至少需要${CALIBRATION_MIN_ROWS}行`;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as CalibrationRow;
    if (!Number.isFinite(row.reading) || row.reading < 0) return `第${i + 1}行：传感器读数应为不小于0的数字`;
    if (!Number.isFinite(row.litres) || row.litres < 0) return `第${i + 1}行：油量应为不小于0的数字`;
    if (i === 0) continue;
    const prev = rows[i - 1] as CalibrationRow;
    if (row.reading <= prev.reading) return `第${i + 1}行：传感器读数应大于上一行（${prev.reading / 10}）`;
    if (row.litres <= prev.litres) return `第${i + 1}行：油量应大于上一行（${prev.litres / 10}L）`;
  }
  return null;
}

/**
 * Litres in the tank (tenths of a litre) at a sensor reading. With a table: linear between its rows,
 * and beyond its ends along its first or last segment (never below 0). Without one: the reading
 * itself. Either way at most 5 % over the tank capacity (litres) when it is known.
 */
export function litresFromReading(
  reading: number,
  table: readonly CalibrationRow[] | null,
  tankCapacityL: number | null,
): number {
  let litres = reading;
  if (table && table.length >= CALIBRATION_MIN_ROWS) {
    let lo = 0;
    let hi = table.length - 1;
    // the segment [lo, lo + 1] holding the reading (or the end segment beyond the table)
    if (reading <= (table[0] as CalibrationRow).reading) hi = 1;
    else if (reading >= (table[hi] as CalibrationRow).reading) lo = hi - 1;
    else {
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if ((table[mid] as CalibrationRow).reading <= reading) lo = mid;
        else hi = mid;
      }
    }
    const a = table[lo] as CalibrationRow;
    const b = table[lo + 1] as CalibrationRow;
    litres = a.litres + ((reading - a.reading) * (b.litres - a.litres)) / (b.reading - a.reading);
  }
  if (litres < 0) litres = 0;
  if (tankCapacityL && tankCapacityL > 0 && litres > tankCapacityL * 10.5) litres = tankCapacityL * 10.5;
  return litres;
}

/** Share of the tank in percent (one decimal), or null without a capacity. */
export function fuelPercent(litresTenths: number, tankCapacityL: number | null): number | null {
  if (!tankCapacityL || tankCapacityL <= 0) return null;
  return Math.round((litresTenths * 100) / tankCapacityL) / 10;
}
