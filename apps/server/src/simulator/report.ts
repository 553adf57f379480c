import { type LocationInput, statusWord } from '../telematics/jt808';
import type { TruckSample } from './truck';

/**
 * A sample as the terminal reports it (0x0200 body): status word with ACC, fix, load and the
 * GNSS systems in use (2019 terminals also set the moving bit), odometer (0x01), fuel (0x02),
 * signal strength (0x30) and satellites (0x31).
 */
export function locationOf(sample: TruckSample, version: 2013 | 2019): LocationInput {
  const status = statusWord({
    acc: sample.acc,
    located: true,
    gps: true,
    beidou: true,
    loadState: sample.load,
    moving: version === 2019 && sample.moving,
  });
  return {
    status,
    lat: round6(sample.lat),
    lon: round6(sample.lng),
    altitude: Math.max(0, sample.altitude),
    speed: sample.speed,
    direction: sample.direction,
    time: sample.time,
    extras: {
      mileageKm: sample.odometer,
      fuelL: sample.fuel,
      signalStrength: sample.signal,
      satellites: sample.satellites,
    },
  };
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
