import {
  encodeFrame,
  encodeMultimediaDataBody,
  type FrameHeader,
  type LocationInput,
  MEDIA_EVENT,
  MEDIA_FORMAT,
  MEDIA_TYPE,
  MSG,
} from '../telematics/jt808';
import { evidencePhoto } from './evidence';

/** Body bytes a packet of a simulated upload carries, as go-jt808 and most terminals split. */
const PACKET_BYTES = 1000;

/**
 * A photo the simulated camera takes when the platform asks (0x8801): the front camera's frame
 * with its caption bands, uploaded as 0x0801 in packets. The camera draws PNG (the platform tells
 * a file's kind by its own signature); the 0x0801 header names the standard's picture format.
 */
export function shootNowFrames(shot: {
  mediaId: number;
  channel: number;
  plate: string;
  /** km/h */
  speed: number;
  time: number;
  location: LocationInput;
}): ((header: FrameHeader) => Buffer)[] {
  const data = evidencePhoto({
    camera: 'adas',
    type: 0,
    label: 'PHOTO',
    plate: shot.plate,
    channel: shot.channel,
    time: shot.time,
    speed: shot.speed,
    shot: 0,
  });
  const head = {
    mediaId: shot.mediaId,
    type: MEDIA_TYPE.image,
    format: MEDIA_FORMAT.jpeg,
    event: MEDIA_EVENT.platform,
    channel: shot.channel,
  };
  const body = encodeMultimediaDataBody(head, shot.location, data);
  const total = Math.ceil(body.length / PACKET_BYTES);
  return Array.from({ length: total }, (_, i) => {
    const chunk = body.subarray(i * PACKET_BYTES, (i + 1) * PACKET_BYTES);
    const packet = total > 1 ? { total, index: i + 1 } : undefined;
    return (h: FrameHeader) => encodeFrame({ ...h, msgId: MSG.multimediaData, packet }, chunk);
  });
}
