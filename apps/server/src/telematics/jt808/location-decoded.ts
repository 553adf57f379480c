import { type AlarmName, alarmNames, type StatusFlags, statusFlags } from './flags';
import type { Location, LocationExtras, RawItem } from './location';

/**
 * What `decodeLocation` answers. `alarms`, `flags` and `timeBcd` are derived from the words and the
 * time bytes as received when first read: the ingest reads none of them for a usual report, and
 * building them for each of tens of thousands of reports a second is most of the garbage the codec
 * makes. They are accessors (not own properties): a spread or JSON of a decoded location leaves
 * them out.
 */
export class DecodedLocation implements Location {
  #alarms: AlarmName[] | undefined;
  #flags: StatusFlags | undefined;
  #timeBcd: string | undefined;

  constructor(
    public alarm: number,
    public status: number,
    public lat: number,
    public lon: number,
    public altitude: number,
    public speed: number,
    public direction: number,
    public time: number | null,
    /** The 6 time bytes as two 24-bit words (for `timeBcd`). */
    readonly timeHigh: number,
    readonly timeLow: number,
    public extras: LocationExtras,
    public unknown: RawItem[],
  ) {}

  get alarms(): AlarmName[] {
    this.#alarms ??= alarmNames(this.alarm);
    return this.#alarms;
  }
  set alarms(names: AlarmName[]) {
    this.#alarms = names;
  }

  get flags(): StatusFlags {
    this.#flags ??= statusFlags(this.status);
    return this.#flags;
  }
  set flags(flags: StatusFlags) {
    this.#flags = flags;
  }

  get timeBcd(): string {
    this.#timeBcd ??=
      this.timeHigh.toString(16).padStart(6, '0') + this.timeLow.toString(16).padStart(6, '0');
    return this.#timeBcd;
  }
  set timeBcd(digits: string) {
    this.#timeBcd = digits;
  }
}
