import { describe, expect, it } from 'vitest';
import {
  continuousMinutes,
  drivingMinutes,
  type RankDriver,
  type RankOrder,
  type RankTruck,
  rankAssignments,
} from './rank';

// The ranking on a fleet written by hand: each rule that leaves a truck out, the nearest free truck
// winning, one truck and one driver per order, the free driver of the team when the bound one cannot
// drive, and the Chinese reasons of proposals and of orders without a truck.

const H = 3600_000;
// 2026-11-21 08:00 Shanghai
const DEPART = Date.UTC(2026, 10, 21, 0, 0, 0);
// the start station: 天津港 (117.7°E, 39.0°N) in microdegrees
const START = { lat: 39_000_000, lon: 117_700_000 };
/** A point `km` north of the start station (1° of latitude ≈ 111.2 km). */
const north = (km: number) => ({ lat: START.lat + Math.round((km / 111.195) * 1e6), lon: START.lon });

const order = (id: number, extra: Partial<RankOrder> = {}): RankOrder => ({
  id,
  orderNo: `DD${id}`,
  departAt: DEPART,
  arriveAt: DEPART + 4 * H,
  startLat: START.lat,
  startLon: START.lon,
  tripKg: 30_000,
  closed: null,
  ...extra,
});
const truck = (id: number, km: number | null, extra: Partial<RankTruck> = {}): RankTruck => ({
  id,
  carNo: `津A${id}`,
  teamCode: 'T1',
  loadKg: 31_000,
  driverId: id,
  certificates: [
    { name: '行驶证', expiry: '2027-12-31' },
    { name: '年检', expiry: '2027-06-30' },
  ],
  ...(km === null ? { lat: null, lon: null } : north(km)),
  seenAt: km === null ? null : DEPART - H,
  online: true,
  busy: [],
  ...extra,
});
const driver = (id: number, extra: Partial<RankDriver> = {}): RankDriver => ({
  id,
  name: `司机${id}`,
  teamCode: 'T1',
  status: 1,
  licenseExpiry: '2028-01-01',
  qualificationExpiry: '2028-01-01',
  busy: [],
  trips: [],
  fatigue: { enabled: true, alarmMinutes: 240, restMinutes: 20 },
  ...extra,
});

describe('auto-assign ranking', () => {
  it('proposes the nearest free truck with its bound driver, and says why in Chinese', () => {
    const { proposals, unassigned } = rankAssignments(
      [order(1)],
      [truck(1, 50), truck(2, 12.3), truck(3, 80)],
      [driver(1), driver(2, { trips: [{ start: DEPART - 6 * H, end: DEPART - 2.5 * H }] }), driver(3)],
    );
    expect(unassigned).toEqual([]);
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).toMatchObject({
      orderId: 1,
      truckId: 2,
      carNo: '津A2',
      driverId: 2,
      plannedKg: 30_000,
    });
    expect(proposals[0]?.reasons).toEqual([
      '空闲',
      '距起点 12.3 公里',
      '在线',
      '核定载重 31 吨 ≥ 计划 30 吨',
      '证件有效',
      '车辆绑定司机',
      '近24小时驾驶 3.5 小时',
    ]);
  });

  it('gives each truck and driver to one order only, the next nearest going to the next order', () => {
    const { proposals } = rankAssignments(
      [order(1), order(2), order(3)],
      [truck(1, 5), truck(2, 10)],
      [driver(1), driver(2)],
    );
    expect(proposals.map((p) => [p.orderId, p.truckId, p.driverId])).toEqual([
      [1, 1, 1],
      [2, 2, 2],
    ]);
  });

  it('counts the trucks each rule leaves out when an order gets none', () => {
    const { proposals, unassigned } = rankAssignments(
      [order(1), order(2)],
      [
        truck(1, 1),
        truck(2, 2, { busy: [[DEPART + H, DEPART + 3 * H]] }),
        truck(3, 3, { certificates: [{ name: '保险', expiry: '2026-11-20' }] }),
        truck(4, 4, { loadKg: 25_000 }),
        truck(5, 5, { loadKg: null }),
        truck(6, 6, { driverId: 60 }),
      ],
      [driver(1), driver(2), driver(3), driver(4), driver(5), driver(60, { licenseExpiry: '2026-11-01' })],
    );
    expect(proposals.map((p) => p.truckId)).toEqual([1]);
    expect(unassigned).toEqual([
      {
        orderId: 2,
        orderNo: 'DD2',
        reason:
          '无可用车辆：已分配给其他订单 1 辆，时段内已有计划 1 辆，车辆证件过期 1 辆，核定载重不足 2 辆，无合格司机 1 辆',
      },
    ]);
  });

  it('leaves out a busy truck only when its plan overlaps the window', () => {
    const later = truck(1, 1, { busy: [[DEPART + 5 * H, DEPART + 8 * H]] });
    expect(rankAssignments([order(1)], [later], [driver(1)]).proposals[0]?.truckId).toBe(1);
  });

  it('takes a free driver of the team when the bound driver is busy, tired or out of licence', () => {
    const cases: Partial<RankDriver>[] = [
      { busy: [[DEPART - H, DEPART + H]] },
      { trips: [{ start: DEPART - 9 * H, end: DEPART - H }] },
      { trips: [{ start: DEPART - 4.5 * H, end: DEPART - 10 * 60_000 }] },
      { qualificationExpiry: '2026-11-20' },
      { status: 0 },
    ];
    for (const bound of cases) {
      const { proposals } = rankAssignments(
        [order(1)],
        [truck(1, 1, { driverId: 1 })],
        [driver(1, bound), driver(7), driver(8, { teamCode: 'T2' })],
      );
      expect(proposals[0], JSON.stringify(bound)).toMatchObject({ truckId: 1, driverId: 7 });
      expect(proposals[0]?.reasons).toContain('车队空闲司机');
    }
  });

  it('never takes a driver bound to another truck, and explains when no driver is fit', () => {
    const { unassigned } = rankAssignments(
      [order(1)],
      [truck(1, 1, { driverId: 1 }), truck(2, 500, { driverId: 2, busy: [[DEPART, DEPART + H]] })],
      [driver(1, { licenseExpiry: null }), driver(2)],
    );
    expect(unassigned[0]?.reason).toBe('无可用车辆：时段内已有计划 1 辆，无合格司机 1 辆');
  });

  it('keeps the distance order past the first trucks when many in a row have no fit driver', () => {
    // trucks 1-12 at 1-12 km; the nearest ten have drivers out of licence, so the 11th serves
    const trucks = Array.from({ length: 12 }, (_, i) => truck(12 - i, 12 - i));
    const drivers = Array.from({ length: 12 }, (_, i) =>
      driver(i + 1, i < 10 ? { licenseExpiry: '2026-01-01' } : {}),
    );
    const { proposals } = rankAssignments([order(1), order(2)], trucks, drivers);
    expect(
      proposals.map((p) => [p.truckId, p.distanceMeters && Math.round(p.distanceMeters / 1000)]),
    ).toEqual([
      [11, 11],
      [12, 12],
    ]);
    const none = rankAssignments([order(3)], trucks.slice(2), drivers.slice(0, 10));
    expect(none.unassigned[0]?.reason).toBe('无可用车辆：无合格司机 10 辆');
  });

  it('ranks trucks without a position after located ones, online before offline at equal distance', () => {
    const { proposals } = rankAssignments(
      [order(1), order(2), order(3)],
      [truck(1, null), truck(2, 20, { online: false }), truck(3, 20)],
      [driver(1), driver(2), driver(3)],
    );
    expect(proposals.map((p) => p.truckId)).toEqual([3, 2, 1]);
    expect(proposals[1]?.reasons[2]).toBe('离线（最后定位 2026-11-21 07:00:00）');
    expect(proposals[2]?.reasons[1]).toBe('无定位');
  });

  it('passes an order fully planned with its reason, and truckload orders without a weight', () => {
    const { proposals, unassigned } = rankAssignments(
      [order(1, { closed: '订单已全部安排计划' }), order(2, { tripKg: null })],
      [truck(1, 1, { loadKg: null })],
      [driver(1)],
    );
    expect(unassigned).toEqual([{ orderId: 1, orderNo: 'DD1', reason: '订单已全部安排计划' }]);
    expect(proposals[0]?.reasons).toContain('按车计量');
    expect(rankAssignments([order(3)], [], []).unassigned[0]?.reason).toBe('无可用车辆：管辖范围内没有车辆');
  });

  it('counts driving time within the last day and continuous driving until a rest', () => {
    const trips = [
      { start: DEPART - 30 * H, end: DEPART - 26 * H },
      { start: DEPART - 5 * H, end: DEPART - 3 * H },
      { start: DEPART - 2 * H - 10 * 60_000, end: DEPART - 5 * 60_000 },
    ];
    expect(drivingMinutes(trips, DEPART - 24 * H, DEPART)).toBe(120 + 125);
    // the 50-minute gap is a rest; the 10-minute one is not
    expect(continuousMinutes(trips, DEPART, 20)).toBe(125);
    expect(continuousMinutes(trips, DEPART, 60)).toBe(245);
    expect(continuousMinutes(trips, DEPART + H, 20)).toBe(0);
  });
});
