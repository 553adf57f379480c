import {
  ADAS_EVENTS,
  type AdasAlarm,
  BSD_EVENTS,
  type BsdAlarm,
  DSM_EVENTS,
  type DsmAlarm,
  encodeAdas,
  encodeBsd,
  encodeDsm,
  type SafetyCommon,
} from '../telematics/jt808/active-safety';
import type { EvidenceScene } from './evidence';
import type { VehicleProfile } from './profile';
import type { Rng } from './rng';
import type { TruckSample } from './truck';

/**
 * Active-safety events of a simulated terminal (苏标 T/JSATL12 items 0x64 ADAS, 0x65 DSM, 0x67
 * BSD): which event, its level, and the alarm identification that announces the photos the
 * terminal took (one, or two for a level-2 event).
 */

export type SafetyCamera = EvidenceScene['camera'];

/** Event types with their weights and captions, by camera. */
const MIX: Record<SafetyCamera, readonly { type: number; weight: number; label: string }[]> = {
  adas: [
    { type: 1, weight: 25, label: 'FCW' },
    { type: 2, weight: 35, label: 'LDW' },
    { type: 3, weight: 25, label: 'HMW' },
    { type: 4, weight: 5, label: 'PCW' },
    { type: 5, weight: 5, label: 'FLC' },
    { type: 6, weight: 3, label: 'TSR' },
    { type: 7, weight: 2, label: 'OBS' },
  ],
  dsm: [
    { type: 1, weight: 25, label: 'FATIGUE' },
    { type: 2, weight: 20, label: 'PHONE' },
    { type: 3, weight: 15, label: 'SMOKING' },
    { type: 4, weight: 35, label: 'DISTRACTED' },
    { type: 5, weight: 5, label: 'ABNORMAL' },
  ],
  bsd: [
    { type: 1, weight: 20, label: 'BSD REAR' },
    { type: 2, weight: 30, label: 'BSD LEFT' },
    { type: 3, weight: 50, label: 'BSD RIGHT' },
  ],
};

/** Camera channel of each kind of event (front, driver, right side). */
export const CAMERA_CHANNEL: Record<SafetyCamera, number> = { adas: 1, dsm: 2, bsd: 3 };

export interface SafetyEvent {
  camera: SafetyCamera;
  item: AdasAlarm | DsmAlarm | BsdAlarm;
  /** The alarm number (the identification's 16 bytes as hex) the photos are filed under. */
  alarmNo: string;
  /** The photos to take. */
  scenes: EvidenceScene[];
}

function pickType(rng: Rng, camera: SafetyCamera): { type: number; label: string } {
  const mix = MIX[camera];
  let r = rng.next() * mix.reduce((sum, m) => sum + m.weight, 0);
  for (const m of mix) {
    r -= m.weight;
    if (r < 0) return m;
  }
  return mix[0] as (typeof mix)[number];
}

/**
 * One event seen now by `camera`, numbered `alarmId` (the terminal's running count) with the
 * identification serial `serial`. City trucks see pedestrians more and never use BSD.
 */
export function safetyEvent(
  rng: Rng,
  profile: VehicleProfile,
  camera: SafetyCamera,
  sample: TruckSample,
  position: { lat: number; lng: number },
  alarmId: number,
  serial: number,
): SafetyEvent {
  let { type, label } = pickType(rng, camera);
  if (camera === 'adas' && profile.kind === 'city' && type === 7 && rng.chance(0.5)) {
    type = 4;
    label = 'PCW';
  }
  const level = rng.chance(0.35) ? 2 : 1;
  const photos = camera === 'bsd' ? 1 : level;
  const speed = Math.max(0, Math.min(255, Math.round(sample.speed)));
  const common: SafetyCommon = {
    alarmId,
    flag: 0,
    speed,
    altitude: Math.max(0, Math.round(sample.altitude)),
    lat: Math.round(position.lat * 1e6) / 1e6,
    lon: Math.round(position.lng * 1e6) / 1e6,
    time: sample.time,
    timeBcd: '',
    vehicleStatus: 1,
    identification: {
      terminalId: profile.terminalId.slice(0, 7),
      time: sample.time,
      timeBcd: '',
      serial: serial & 0xff,
      attachments: photos,
      reserved: 0,
      raw: '',
    },
  };
  let item: AdasAlarm | DsmAlarm | BsdAlarm;
  let bytes: Buffer;
  if (camera === 'adas') {
    const adas: AdasAlarm = {
      ...common,
      type,
      typeName: ADAS_EVENTS[type as keyof typeof ADAS_EVENTS] ?? null,
      level,
      frontSpeed: type === 1 || type === 3 ? Math.max(0, speed - rng.int(5, 25)) : 0,
      // time headway in 100 ms for headway warnings, metres otherwise
      frontDistance: type === 3 ? rng.int(5, 12) : type === 1 || type === 7 ? rng.int(6, 25) : 0,
      departureType: type === 2 ? rng.int(1, 2) : 0,
      roadSignType: type === 6 ? 1 : 0,
      roadSignValue: type === 6 ? Math.max(40, Math.floor((speed - 10) / 10) * 10) : 0,
    };
    item = adas;
    bytes = encodeAdas(adas);
  } else if (camera === 'dsm') {
    const dsm: DsmAlarm = {
      ...common,
      type,
      typeName: DSM_EVENTS[type as keyof typeof DSM_EVENTS] ?? null,
      level,
      fatigueDegree: type === 1 ? rng.int(3, 8) : 0,
    };
    item = dsm;
    bytes = encodeDsm(dsm);
  } else {
    const bsd: BsdAlarm = { ...common, type, typeName: BSD_EVENTS[type as keyof typeof BSD_EVENTS] ?? null };
    item = bsd;
    bytes = encodeBsd(bsd);
  }
  const channel = CAMERA_CHANNEL[camera];
  const scenes = Array.from({ length: photos }, (_, shot) => ({
    camera,
    type,
    label: level === 2 && camera !== 'bsd' ? `${label} L2` : label,
    plate: profile.plate,
    channel,
    time: sample.time + shot * 1000,
    speed: sample.speed,
    shot,
  }));
  return { camera, item, alarmNo: bytes.subarray(bytes.length - 16).toString('hex'), scenes };
}
