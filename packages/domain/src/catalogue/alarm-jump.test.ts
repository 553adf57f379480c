import { describe, expect, it } from 'vitest';
import {
  ALARM_JUMP_TARGETS,
  APPROVAL_JUMP_TARGETS,
  alarmJump,
  alarmJumpCode,
  certificateReminderCode,
  EXPIRY_JUMP_TARGETS,
  IN_TRANSIT_REMINDER_TARGET,
  mayOpenAlarm,
  serviceReminderCode,
} from './alarm-jump';

const ALL = [
  'car050108',
  'car050107',
  'car050106',
  'car050117',
  'car050305',
  'car070207',
  'car110102',
  'car050116',
];

describe('jump target table', () => {
  it('has the routes and codes of the spec', () => {
    for (const kind of ['driverAssist', 'driverState', 'blindSpot', 'dangerousDriving'] as const) {
      expect(ALARM_JUMP_TARGETS[kind]).toMatchObject({ path: '/video/event', code: 'car050108' });
    }
    expect(ALARM_JUMP_TARGETS.timing).toMatchObject({ path: '/time/effect/alarm', code: 'car050107' });
    expect(ALARM_JUMP_TARGETS.driving).toMatchObject({ path: '/alarm/driver/route', code: 'car050106' });
    expect(ALARM_JUMP_TARGETS.fault).toMatchObject({ path: '/alarm/repair/index', code: 'car050117' });
    expect(ALARM_JUMP_TARGETS.safetyRisk).toMatchObject({
      path: '/safe-report/risk-query',
      code: 'car050305',
    });
    expect(APPROVAL_JUMP_TARGETS[8001]).toMatchObject({
      path: '/smart-coal/wayBill-cost-approval',
      code: 'car070207',
    });
    expect(APPROVAL_JUMP_TARGETS[8002]).toMatchObject({
      path: '/smart-coal/wayBill-tabulation',
      code: 'car110102',
    });
    expect(IN_TRANSIT_REMINDER_TARGET).toMatchObject({ path: '/alarm/onTheWayReminder', code: 'car050116' });
  });
});

describe('alarmJump', () => {
  const base = { type: 1, carNo: '京A12345', startTime: '2024-03-06 10:00:00' };

  it('sends video-evidence kinds to /video/event with carNo, eventType and startTime', () => {
    for (const alarmCode of [1001, 2005, 3004, 9002]) {
      expect(alarmJump({ ...base, alarmCode }, ALL)).toEqual({
        path: '/video/event',
        query: { carNo: '京A12345', eventType: String(alarmCode), startTime: '2024-03-06 10:00:00' },
      });
    }
  });

  it('sends timing, driving, fault and safety-risk alarms to their pages', () => {
    expect(alarmJump({ ...base, alarmCode: 4002 }, ALL)).toMatchObject({ path: '/time/effect/alarm' });
    expect(alarmJump({ ...base, alarmCode: 5004 }, ALL)).toMatchObject({ path: '/alarm/driver/route' });
    expect(alarmJump({ ...base, alarmCode: '10007' }, ALL)).toMatchObject({
      path: '/alarm/repair/index',
      query: { eventType: '10007' },
    });
    expect(alarmJump({ ...base, alarmCode: 6001 }, ALL)).toMatchObject({ path: '/safe-report/risk-query' });
  });

  it('uses remindTime when startTime is absent and leaves out empty values', () => {
    expect(alarmJump({ alarmCode: 1002, remindTime: '2024-03-06 09:00:00' }, ALL)).toEqual({
      path: '/video/event',
      query: { eventType: '1002', startTime: '2024-03-06 09:00:00' },
    });
  });

  it('opens the cost approval for 8001 with a one-minute window', () => {
    expect(
      alarmJump({ alarmCode: 8001, businessCode: 'YD202403060001', remindTime: '2024-03-06 23:59:30' }, ALL),
    ).toEqual({
      path: '/smart-coal/wayBill-cost-approval',
      query: { taskCode: 'YD202403060001', startTime: '2024-03-06 23:59:30', endTime: '2024-03-07 00:00:30' },
    });
  });

  it('opens the waybill list for 8002 with the task code', () => {
    expect(alarmJump({ alarmCode: '8002', taskCode: 'YD1', startTime: '2024-03-06 10:00:00' }, ALL)).toEqual({
      path: '/smart-coal/wayBill-tabulation',
      query: { taskCode: 'YD1' },
    });
  });

  it("opens the capacity business's own pages for a user of that menu only", () => {
    expect(alarmJump({ alarmCode: '8002', taskCode: 'YD1' }, ['tc010102'])).toEqual({
      path: '/tc/wayBill-tabulation',
      query: { taskCode: 'YD1' },
    });
    expect(
      alarmJump({ alarmCode: '8001', taskCode: 'F1', startTime: '2024-03-06 10:00:00' }, 'tc010201'),
    ).toEqual({
      path: '/tc/wayBill-cost-approval',
      query: { taskCode: 'F1', startTime: '2024-03-06 10:00:00', endTime: '2024-03-06 10:01:00' },
    });
    expect(alarmJump({ alarmCode: '8002', taskCode: 'YD1' }, ['car110102', 'tc010102'])).toMatchObject({
      path: '/smart-coal/wayBill-tabulation',
    });
    expect(alarmJump({ alarmCode: '8002', taskCode: 'YD1' }, ['tc010201'])).toEqual({
      denied: true,
      message: '暂无权限',
    });
    expect(mayOpenAlarm(8002, new Set(['tc010102']))).toBe(true);
  });

  it('opens 保养提醒 and 证件到期 on the item of a due reminder, from its business code', () => {
    const codes = ['car050206', 'car050205'];
    const service = serviceReminderCode(3, 12, { date: '2026-05-20', km: 100000 });
    expect(service).toBe('plan:3:12:2026-05-20|100000');
    expect(alarmJump({ alarmCode: 8101, businessCode: service, carNo: '蒙K1' }, codes)).toEqual({
      path: '/reminder/maintenance',
      query: { carNo: '蒙K1', truckId: '12', planId: '3' },
    });
    const truckCert = certificateReminderCode('truck', 12, 'insurance', '2026-12-01');
    expect(alarmJump({ alarmCode: '8102', businessCode: truckCert }, codes)).toEqual({
      path: '/reminder/certificate-expiry',
      query: { owner: 'truck', truckId: '12', kind: 'insurance' },
    });
    const driverCert = certificateReminderCode('driver', 5, 'driverLicense', '2026-11-01');
    expect(alarmJump({ alarmCode: 8102, businessCode: driverCert }, codes)).toEqual({
      path: '/reminder/certificate-expiry',
      query: { owner: 'driver', driverId: '5', kind: 'driverLicense' },
    });
    // an unreadable code opens the page unfiltered; without the page's code, 暂无权限
    expect(alarmJump({ alarmCode: 8101, businessCode: 'x:y' }, codes)).toEqual({
      path: '/reminder/maintenance',
      query: {},
    });
    expect(alarmJump({ alarmCode: 8101, businessCode: service }, ['car050205'])).toEqual({
      denied: true,
      message: '暂无权限',
    });
    expect(EXPIRY_JUMP_TARGETS[8102]).toMatchObject({ code: 'car050205' });
    expect(alarmJumpCode(8101)).toBe('car050206');
    expect(mayOpenAlarm(8102, new Set(['car050205']))).toBe(true);
    expect(mayOpenAlarm(8101, new Set(['car050205']))).toBe(false);
  });

  it('opens the in-transit reminder page for pop-up type 2', () => {
    expect(
      alarmJump({ type: 2, alarmCode: 3, carNo: '冀B99999', remindTime: '2024-03-06 08:00:00' }, ALL),
    ).toEqual({
      path: '/alarm/onTheWayReminder',
      query: { creatTime: '2024-03-06 08:00:00', carNo: '冀B99999', type: '3' },
    });
    expect(alarmJump({ type: '2', alarmCode: 1, creatTime: '2024-03-06 07:00:00' }, ALL)).toMatchObject({
      query: { creatTime: '2024-03-06 07:00:00' },
    });
  });

  it('denies a jump without the menu code', () => {
    const denied = { denied: true, message: '暂无权限' };
    expect(alarmJump({ ...base, alarmCode: 1001 }, [])).toEqual(denied);
    expect(alarmJump({ ...base, alarmCode: 1001 }, ['car050107'])).toEqual(denied);
    expect(alarmJump({ alarmCode: 8001 }, 'car110102')).toEqual(denied);
    expect(alarmJump({ type: 2, alarmCode: 1 }, new Set(['car050108']))).toEqual(denied);
  });

  it('reads elemCodes as comma text or any iterable', () => {
    expect(alarmJump({ ...base, alarmCode: 4001 }, 'car01, car050107,car02')).toMatchObject({
      path: '/time/effect/alarm',
    });
    expect(alarmJump({ ...base, alarmCode: 4001 }, new Set(['car050107']))).toMatchObject({
      path: '/time/effect/alarm',
    });
  });

  it('is null for a code outside the catalogue', () => {
    expect(alarmJump({ ...base, alarmCode: 7777 }, ALL)).toBeNull();
    expect(alarmJump({ ...base, alarmCode: null }, ALL)).toBeNull();
    expect(alarmJump({}, ALL)).toBeNull();
  });
});

describe('alarms a user may open', () => {
  it('names the menu code of the page each alarm leads to', () => {
    expect(alarmJumpCode(5004)).toBe('car050106');
    expect(alarmJumpCode(1001)).toBe('car050108');
    expect(alarmJumpCode(8001)).toBe('car070207');
    expect(alarmJumpCode(4003, 2)).toBe('car050116');
    expect(alarmJumpCode(99999)).toBeNull();
  });

  it('lets a user open only alarms whose page code it holds', () => {
    const finance = new Set(['car070207']);
    expect(mayOpenAlarm(5004, finance)).toBe(false);
    expect(mayOpenAlarm(8001, finance)).toBe(true);
    expect(mayOpenAlarm(8002, finance)).toBe(false);
    expect(mayOpenAlarm(4003, new Set(['car050116']), 2)).toBe(true);
    expect(mayOpenAlarm(99999, new Set(['car050106']))).toBe(false);
  });
});
