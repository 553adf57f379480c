import { describe, expect, it } from 'vitest';
import type { AlarmPush } from '../../api/alarm-reminder';
import {
  addToFeed,
  alarmDurationText,
  alarmTimeText,
  alarmTypeText,
  driverShown,
  feedMedia,
  feedScrolls,
  locationText,
  speedText,
} from './feed';

const alarm = (id: number, patch: Partial<AlarmPush> = {}): AlarmPush => ({
  id,
  alarmId: id,
  alarmCode: 5004,
  categoryCode: 'driving',
  eventName: '超速报警',
  title: '超速报警',
  messageContent: '',
  content: '',
  businessCode: String(id),
  carNo: '京A12345',
  vin: 'LVIN',
  tid: '13800000001',
  driverName: '张三',
  speed: 90,
  startTime: '2025-01-02 08:00:00',
  remindTime: '2025-01-02 08:00:05',
  reportTime: '2025-01-02 08:00:05',
  duration: 5000,
  latitude: 39.9,
  longitude: 116.4,
  address: '',
  video: '',
  photoList: [],
  level: null,
  ...patch,
});

describe('the live alarm feed', () => {
  it('puts a new alarm first, replaces one it already has, keeps the newest', () => {
    const feed = addToFeed(addToFeed([], alarm(1)), alarm(2));
    expect(feed.map((row) => row.id)).toEqual([2, 1]);
    expect(addToFeed(feed, alarm(1, { speed: 50 })).map((row) => [row.id, row.speed])).toEqual([
      [1, 50],
      [2, 90],
    ]);
    expect(addToFeed(feed, alarm(3), 2).map((row) => row.id)).toEqual([3, 2]);
  });

  it('shows the video first, else the first photo, else the empty state', () => {
    expect(feedMedia(alarm(1, { video: '/v.mp4', photoList: ['/p.jpg'] }))).toEqual({
      kind: 'video',
      src: '/v.mp4',
    });
    expect(feedMedia(alarm(1, { photoList: ['', '/p1.jpg', '/p2.jpg'] }))).toEqual({
      kind: 'photo',
      src: '/p1.jpg',
    });
    expect(feedMedia(alarm(1))).toEqual({ kind: 'empty' });
    expect(feedMedia(undefined)).toEqual({ kind: 'empty' });
  });

  it('shows an empty or unknown driver as unknown', () => {
    expect(driverShown('张三', '未知司机')).toEqual({ text: '张三', unknown: false });
    for (const name of ['', '  ', null, undefined, 'unknown', 'Unknown', 'unknown driver', '未知司机'])
      expect(driverShown(name, '未知司机')).toEqual({ text: '未知司机', unknown: true });
  });

  it('formats type, speed, duration, time and place', () => {
    expect(alarmTypeText(alarm(1, { eventName: '' }))).toBe('超速报警');
    expect(alarmTypeText(alarm(1, { eventName: '', alarmCode: 3002 }))).toBe('超速');
    expect(speedText(88.46)).toBe('88.5 km/h');
    expect(speedText(0)).toBe('0 km/h');
    expect(alarmDurationText(93_784_000)).toBe('1天2小时3分4秒');
    expect(alarmDurationText(3_605_000)).toBe('1小时5秒');
    expect(alarmDurationText(400)).toBe('0秒');
    expect(alarmTimeText(alarm(1, { reportTime: '' }))).toBe('2025-01-02 08:00:00');
    expect(locationText(alarm(1, { address: '北京市东城区' }))).toBe('北京市东城区');
    expect(locationText(alarm(1))).toBe('116.400000, 39.900000');
    expect(locationText(alarm(1, { latitude: null, longitude: null }))).toBe('-');
  });

  it('scrolls only above 8 rows', () => {
    expect(feedScrolls(8)).toBe(false);
    expect(feedScrolls(9)).toBe(true);
  });
});
