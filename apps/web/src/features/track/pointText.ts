import { texts } from '../../locales';
import { escapeHtml } from '../../map';
import type { TrackData } from './trackData';

const t = texts.track;

/** 北, 东北, … of a heading in degrees. */
export function directionName(direction: number): string {
  const names = t.directions;
  const d = ((direction % 360) + 360) % 360;
  return names[Math.round(d / 45) % 8] ?? (names[0] as string);
}

/** The pop-up card of a track point: time, speed, direction, alarm and the address when known. */
export function pointHtml(track: TrackData, index: number, address: string | undefined): string {
  const p = track.points[index];
  if (!p) return '';
  const rows = [
    `<b>${escapeHtml(p.reportTime)}</b>`,
    `${t.point.speed}：${p.speed} km/h　${t.point.direction}：${directionName(p.direction)}`,
  ];
  if (p.alarmText)
    rows.push(`${t.point.alarm}：<span style="color:#e03131">${escapeHtml(p.alarmText)}</span>`);
  rows.push(
    `${t.point.address}：${address === undefined ? t.point.addressLoading : escapeHtml(address || t.point.addressNone)}`,
  );
  return rows.map((row) => `<div>${row}</div>`).join('');
}
