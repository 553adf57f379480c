import type { AlarmRuleSettings } from '@fleet/domain';
import type { AdasAlarm, BsdAlarm, DsmAlarm, SafetyCommon } from '../jt808/active-safety';
import { type AlarmPoint, type Report, TERMINAL, type TruckAlarms } from './alarm';
import {
  adasCode,
  BATTERY_FAULT_CODE,
  bsdCode,
  CODE_OF_BIT,
  dsmCode,
  FAULT_BASE_CODE,
  FAULT_COUNT,
  faultWord,
  MAPPED_ALARM_BITS,
} from './codes';

/** Alarm bits of the report: a bit newly set opens its alarm, a bit cleared ends it. */
export function terminalBits(t: TruckAlarms, r: Report): void {
  const word = (r.alarmBits & MAPPED_ALARM_BITS) >>> 0;
  let changed = (word ^ t.state.bits) >>> 0;
  while (changed !== 0) {
    const bit = 31 - Math.clz32(changed & -changed);
    changed = (changed & (changed - 1)) >>> 0;
    const code = CODE_OF_BIT[bit] as number;
    if (word & (1 << bit)) t.start(`b${code}`, code, TERMINAL, r, { detail: { bit } });
    else t.end(`b${code}`, r);
  }
  t.state.bits = word;
}

/**
 * Faults 10001-10022 from item 0xF3 (a report without it changes nothing), and battery voltage low
 * (10013) from analog AD0 in 0.1 V under the rule's minimum (AD0 0: not wired, no reading).
 */
export function faults(t: TruckAlarms, r: Report, rule: AlarmRuleSettings['fault']): void {
  const word = faultWord(r.unknown ?? undefined);
  if (word !== null) {
    const active = rule.enabled ? word & ((1 << FAULT_COUNT) - 1) : 0;
    let changed = (active ^ t.state.faults) >>> 0;
    while (changed !== 0) {
      const bit = 31 - Math.clz32(changed & -changed);
      changed = (changed & (changed - 1)) >>> 0;
      const code = FAULT_BASE_CODE + bit;
      if (active & (1 << bit)) t.start(`f${code}`, code, TERMINAL, r, { detail: { faultBit: bit } });
      else t.end(`f${code}`, r);
    }
    t.state.faults = active >>> 0;
  }
  const ad0 = r.extras?.analog?.ad0;
  if (ad0 !== undefined && ad0 > 0) {
    const low = rule.enabled && ad0 < rule.minBatteryVolts * 10;
    if (low && !t.state.batteryLow) {
      t.start(`v${BATTERY_FAULT_CODE}`, BATTERY_FAULT_CODE, TERMINAL, r, {
        detail: { batteryVolts: ad0 / 10, minBatteryVolts: rule.minBatteryVolts },
      });
    } else if (!low && t.state.batteryLow) {
      t.end(`v${BATTERY_FAULT_CODE}`, r);
    }
    t.state.batteryLow = low;
  }
}

const SEEN_KEEP = 32;

/** Where and when an active-safety item happened: its own time and position when it has them. */
function itemPoint(item: SafetyCommon, r: Report): AlarmPoint {
  const located = item.lat !== 0 || item.lon !== 0;
  return {
    time: item.time ?? r.time,
    lat: located ? Math.round(item.lat * 1e6) * Math.sign(r.lat || 1) : r.lat,
    lon: located ? Math.round(item.lon * 1e6) * Math.sign(r.lon || 1) : r.lon,
    speed: item.speed * 10,
  };
}

function safetyEvent(
  t: TruckAlarms,
  r: Report,
  kind: 'adas' | 'dsm' | 'bsd',
  item: SafetyCommon & { type: number },
  code: number | null,
  level: number | null,
  detail: Record<string, unknown>,
): void {
  if (code === null) return;
  const at = itemPoint(item, r);
  const seen = `${kind}:${item.alarmId}:${item.flag}:${at.time}`;
  if (t.state.safetySeen.includes(seen)) return;
  t.state.safetySeen.push(seen);
  if (t.state.safetySeen.length > SEEN_KEEP) t.state.safetySeen.shift();
  const id = item.identification;
  const extras = {
    level,
    alarmNo: id.attachments > 0 ? id.raw : null,
    attachments: id.attachments,
    detail: {
      ...detail,
      item: kind,
      eventType: item.type,
      alarmId: item.alarmId,
      alarmNo: id.raw,
      attachments: id.attachments,
    },
  };
  const key = `s${kind}${item.type}`;
  // Flag 1 starts a lasting event and flag 2 ends it; 0 (most terminals) is one event.
  if (item.flag === 1) t.start(key, code, TERMINAL, at, extras);
  else if (item.flag === 2 && t.isOpen(key)) t.end(key, at);
  else if (item.flag !== 2) t.event(code, TERMINAL, at, extras);
}

/** Active-safety items 0x64 (driver assist), 0x65 (driver state), 0x67 (blind spot). */
export function activeSafety(t: TruckAlarms, r: Report): void {
  const extras = r.extras;
  if (!extras) return;
  const adas: AdasAlarm | undefined = extras.adas;
  if (adas) {
    safetyEvent(t, r, 'adas', adas, adasCode(adas), adas.level, {
      frontSpeed: adas.frontSpeed,
      frontDistance: adas.frontDistance,
      departureType: adas.departureType,
      roadSignType: adas.roadSignType,
      roadSignValue: adas.roadSignValue,
    });
  }
  const dsm: DsmAlarm | undefined = extras.dsm;
  if (dsm) {
    safetyEvent(t, r, 'dsm', dsm, dsmCode(dsm), dsm.level, { fatigueDegree: dsm.fatigueDegree });
  }
  const bsd: BsdAlarm | undefined = extras.bsd;
  if (bsd) safetyEvent(t, r, 'bsd', bsd, bsdCode(bsd), null, {});
}
