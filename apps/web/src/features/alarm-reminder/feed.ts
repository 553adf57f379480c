import { ALARM_FEED_SCROLL_ROWS, alarmName, durationText } from '@fleet/domain';
import type { AlarmPush } from '../../api/alarm-reminder';

/** The live alarm feed card's rules (spec core sections 2, 3 and 4). */

/** The feed keeps this many of the newest alarms. */
export const FEED_LIMIT = 50;

/** A new alarm goes first; one already listed (same message id) is replaced, not repeated. */
export function addToFeed(feed: readonly AlarmPush[], alarm: AlarmPush, limit = FEED_LIMIT): AlarmPush[] {
  return [alarm, ...feed.filter((row) => row.id !== alarm.id)].slice(0, limit);
}

/** The evidence the card shows: the video when there is one, else the first photo, else nothing. */
export type FeedMedia = { kind: 'video'; src: string } | { kind: 'photo'; src: string } | { kind: 'empty' };

export function feedMedia(alarm: Pick<AlarmPush, 'video' | 'photoList'> | undefined): FeedMedia {
  const video = alarm?.video?.trim();
  if (video) return { kind: 'video', src: video };
  const photo = alarm?.photoList?.find((item) => typeof item === 'string' && item.trim() !== '');
  if (photo) return { kind: 'photo', src: photo.trim() };
  return { kind: 'empty' };
}

const UNKNOWN_DRIVERS = new Set(['', 'unknown', 'unknown driver', '未知', '未知司机']);

/** The driver as shown: a name, or unknown (shown in red) when empty or 'unknown'. */
export function driverShown(
  name: string | null | undefined,
  unknownText: string,
): { text: string; unknown: boolean } {
  const trimmed = (name ?? '').trim();
  if (UNKNOWN_DRIVERS.has(trimmed.toLowerCase())) return { text: unknownText, unknown: true };
  return { text: trimmed, unknown: false };
}

/** The alarm type's name: the pushed event name, else the catalogue's. */
export function alarmTypeText(alarm: Pick<AlarmPush, 'eventName' | 'alarmCode'>): string {
  return alarm.eventName?.trim() || alarmName(alarm.alarmCode);
}

/** Speed in km/h with at most one decimal. */
export function speedText(speed: number | null | undefined): string {
  const value = Number(speed);
  if (!Number.isFinite(value) || value < 0) return '-';
  return `${Math.round(value * 10) / 10} km/h`;
}

/** The alarm's duration so far as 天/小时/分/秒. */
export function alarmDurationText(duration: number | null | undefined): string {
  return durationText(Number(duration));
}

/** The place: the address, else the coordinates, else '-'. */
export function locationText(alarm: Pick<AlarmPush, 'address' | 'latitude' | 'longitude'>): string {
  if (alarm.address?.trim()) return alarm.address.trim();
  const { latitude, longitude } = alarm;
  if (typeof latitude === 'number' && typeof longitude === 'number' && (latitude !== 0 || longitude !== 0))
    return `${longitude.toFixed(6)}, ${latitude.toFixed(6)}`;
  return '-';
}

/** The alarm time: the report time, else the start time. */
export function alarmTimeText(alarm: Pick<AlarmPush, 'reportTime' | 'startTime'>): string {
  return alarm.reportTime || alarm.startTime || '-';
}

/** The list scrolls only when it holds more than 8 rows. */
export function feedScrolls(rows: number): boolean {
  return rows > ALARM_FEED_SCROLL_ROWS;
}
