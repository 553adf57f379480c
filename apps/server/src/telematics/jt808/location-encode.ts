import { encodeAdas, encodeBsd, encodeDsm, encodeTyre } from './active-safety';
import { toBcdTime } from './bcd';
import { Writer } from './bytes';
import { type Location, type LocationExtras, type RawItem, SOUTH, WEST } from './location';

/** Encoding of locations (0x0200 body, and the location inside 0x0201 and 0x0704). */
/** What the encoder needs; `lat`/`lon` signs set the south/west status bits. */
export interface LocationInput {
  alarm?: number;
  status?: number;
  lat: number;
  lon: number;
  altitude?: number;
  speed?: number;
  direction?: number;
  /** UTC epoch ms, or 12 digits YYMMDDhhmmss (GMT+8) sent as given. */
  time: number | string;
  extras?: LocationExtras;
  /** Raw items, written as given. */
  items?: RawItem[];
}

/** The items of `extras` as raw items. */
function extraItems(e: LocationExtras): RawItem[] {
  const items: RawItem[] = [];
  const add = (id: number, fill: (w: Writer) => unknown) => {
    const w = new Writer(8);
    fill(w);
    items.push({ id, bytes: w.toBuffer() });
  };
  const tenths = (value: number) => Math.round(value * 10);
  if (e.mileageKm !== undefined) add(0x01, (w) => w.u32(tenths(e.mileageKm ?? 0), 'mileage'));
  if (e.fuelL !== undefined) add(0x02, (w) => w.u16(tenths(e.fuelL ?? 0), 'fuel'));
  if (e.recorderSpeedKmh !== undefined) add(0x03, (w) => w.u16(tenths(e.recorderSpeedKmh ?? 0), 'speed'));
  if (e.manualAlarmEventId !== undefined) add(0x04, (w) => w.u16(e.manualAlarmEventId ?? 0, 'event id'));
  const { overspeed: o, areaAlarm: a, routeTimeAlarm: r, abnormalDriving: d, analog } = e;
  if (o)
    add(0x11, (w) =>
      o.areaId === undefined
        ? w.u8(o.areaType, 'area type')
        : w.u8(o.areaType, 'area type').u32(o.areaId, 'area id'),
    );
  if (a)
    add(0x12, (w) => w.u8(a.areaType, 'area type').u32(a.areaId, 'area id').u8(a.direction, 'direction'));
  if (r)
    add(0x13, (w) => w.u32(r.routeId, 'route id').u16(r.drivingTime, 'driving time').u8(r.result, 'result'));
  if (e.videoAlarm !== undefined) add(0x14, (w) => w.u32(e.videoAlarm ?? 0, 'video alarm'));
  if (e.videoSignalLoss !== undefined) add(0x15, (w) => w.u32(e.videoSignalLoss ?? 0, 'signal loss'));
  if (e.videoOcclusion !== undefined) add(0x16, (w) => w.u32(e.videoOcclusion ?? 0, 'occlusion'));
  if (e.storageFault !== undefined) add(0x17, (w) => w.u16(e.storageFault ?? 0, 'storage fault'));
  if (d) add(0x18, (w) => w.u16(d.types, 'abnormal driving').u8(d.fatigueLevel, 'fatigue level'));
  if (e.vehicleSignal !== undefined) add(0x25, (w) => w.u32(e.vehicleSignal ?? 0, 'vehicle signal'));
  if (e.ioStatus !== undefined) add(0x2a, (w) => w.u16(e.ioStatus ?? 0, 'io status'));
  if (analog) add(0x2b, (w) => w.u16(analog.ad1, 'AD1').u16(analog.ad0, 'AD0'));
  if (e.signalStrength !== undefined) add(0x30, (w) => w.u8(e.signalStrength ?? 0, 'signal strength'));
  if (e.satellites !== undefined) add(0x31, (w) => w.u8(e.satellites ?? 0, 'satellites'));
  if (e.adas) items.push({ id: 0x64, bytes: encodeAdas(e.adas) });
  if (e.dsm) items.push({ id: 0x65, bytes: encodeDsm(e.dsm) });
  if (e.tyre) items.push({ id: 0x66, bytes: encodeTyre(e.tyre) });
  if (e.bsd) items.push({ id: 0x67, bytes: encodeBsd(e.bsd) });
  return items;
}

/** Writes a location; additional items (typed and raw together) go out in ascending id order. */
export function writeLocation(w: Writer, input: LocationInput): void {
  const lat = Math.round(Math.abs(input.lat) * 1e6);
  const lon = Math.round(Math.abs(input.lon) * 1e6);
  let status = input.status ?? 0;
  if (input.lat < 0) status |= SOUTH;
  if (input.lon < 0) status |= WEST;
  w.u32(input.alarm ?? 0, 'alarm')
    .u32(status >>> 0, 'status')
    .u32(lat, 'lat')
    .u32(lon, 'lon');
  w.word(input.altitude ?? 0, 'altitude').u16(Math.round((input.speed ?? 0) * 10), 'speed');
  w.u16(input.direction ?? 0, 'direction').bytes(toBcdTime(input.time));
  const items = [...extraItems(input.extras ?? {}), ...(input.items ?? [])];
  items.sort((x, y) => x.id - y.id);
  for (const item of items) {
    w.u8(item.id, 'item id')
      .u8(item.bytes.length, `item 0x${item.id.toString(16)} length`)
      .bytes(item.bytes);
  }
}

export function encodeLocationBody(input: LocationInput): Buffer {
  const w = new Writer(64);
  writeLocation(w, input);
  return w.toBuffer();
}

/** The input that encodes `location` again (unknown items carried raw). */
export function locationInputOf(location: Location): LocationInput {
  const { alarm, status, lat, lon, altitude, speed, direction, timeBcd, extras, unknown } = location;
  return { alarm, status, lat, lon, altitude, speed, direction, time: timeBcd, extras, items: unknown };
}
