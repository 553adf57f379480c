import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUS,
  orderMoveRefusal,
  PLAN_STATE,
  planDeletable,
  planEditable,
  planMoveRefusal,
} from './plans';

describe('plan moves', () => {
  it('takes a draft through publishing, handing to the driver, running and finishing', () => {
    expect(planMoveRefusal(PLAN_STATE.draft, PLAN_STATE.published)).toBeNull();
    expect(planMoveRefusal(PLAN_STATE.published, PLAN_STATE.distributed)).toBeNull();
    expect(planMoveRefusal(PLAN_STATE.distributed, PLAN_STATE.running)).toBeNull();
    expect(planMoveRefusal(PLAN_STATE.running, PLAN_STATE.finished)).toBeNull();
  });

  it('cancels a plan before it runs, never after', () => {
    for (const from of [PLAN_STATE.draft, PLAN_STATE.published, PLAN_STATE.distributed])
      expect(planMoveRefusal(from, PLAN_STATE.cancelled)).toBeNull();
    expect(planMoveRefusal(PLAN_STATE.running, PLAN_STATE.cancelled)).toBe('计划当前为“执行中”，不能取消');
    expect(planMoveRefusal(PLAN_STATE.finished, PLAN_STATE.cancelled)).toBe('计划当前为“已完成”，不能取消');
    expect(planMoveRefusal(PLAN_STATE.cancelled, PLAN_STATE.cancelled)).toBe('计划当前为“已取消”，不能取消');
  });

  it('refuses skipping or going back, naming the state', () => {
    expect(planMoveRefusal(PLAN_STATE.draft, PLAN_STATE.distributed)).toBe('计划当前为“草稿”，不能下发');
    expect(planMoveRefusal(PLAN_STATE.distributed, PLAN_STATE.published)).toBe(
      '计划当前为“已下发”，不能发布',
    );
    expect(planMoveRefusal(PLAN_STATE.distributed, PLAN_STATE.distributed)).toBe(
      '计划当前为“已下发”，不能下发',
    );
    expect(planMoveRefusal(PLAN_STATE.published, PLAN_STATE.draft)).toBe('计划当前为“已发布”，不能保存草稿');
    expect(planMoveRefusal(PLAN_STATE.cancelled, PLAN_STATE.published)).toBe('计划当前为“已取消”，不能发布');
  });

  it('edits drafts and published plans, deletes drafts and cancelled ones', () => {
    expect([0, 1, 2, 3, 4, 5].filter(planEditable)).toEqual([PLAN_STATE.draft, PLAN_STATE.published]);
    expect([0, 1, 2, 3, 4, 5].filter(planDeletable)).toEqual([PLAN_STATE.draft, PLAN_STATE.cancelled]);
  });
});

describe('order moves', () => {
  it('finishes or cancels an open order, opens a finished one again, never a cancelled one', () => {
    expect(orderMoveRefusal(ORDER_STATUS.open, ORDER_STATUS.finished)).toBeNull();
    expect(orderMoveRefusal(ORDER_STATUS.open, ORDER_STATUS.cancelled)).toBeNull();
    expect(orderMoveRefusal(ORDER_STATUS.finished, ORDER_STATUS.open)).toBeNull();
    expect(orderMoveRefusal(ORDER_STATUS.finished, ORDER_STATUS.cancelled)).toBe(
      '订单已完成，不能变更为“已取消”',
    );
    expect(orderMoveRefusal(ORDER_STATUS.cancelled, ORDER_STATUS.open)).toBe('订单已取消，不能变更状态');
    expect(orderMoveRefusal(ORDER_STATUS.open, ORDER_STATUS.open)).toBe('订单已是“进行中”状态');
  });
});

describe('order quantities', () => {
  it('reads tons with up to three decimals as kg and shows them back', async () => {
    const { orderTonsToKg, orderQuantityText, trimTons } = await import('./plans');
    expect(orderTonsToKg('1200.5')).toBe(1_200_500);
    expect(orderTonsToKg(35)).toBe(35_000);
    expect(orderTonsToKg('1.2345')).toBeUndefined();
    expect(orderTonsToKg('-3')).toBeUndefined();
    expect(orderQuantityText(1, 1_200_500)).toBe('1200.5吨');
    expect(orderQuantityText(2, 30)).toBe('30车');
    expect(trimTons(32_460)).toBe('32.46');
    expect(trimTons(0)).toBe('0');
  });
});

describe('planned station times', () => {
  it("adds each row's running time to the departure before it", async () => {
    const { plannedStationTimes } = await import('./plans');
    const start = Date.UTC(2026, 10, 20, 0, 0, 0);
    expect(
      plannedStationTimes(start, [
        { runningHours: 0, runningMins: 0 },
        { runningHours: 1, runningMins: 30 },
        { runningHours: 2, runningMins: 5 },
      ]).map((r) => (r.arriveAt - start) / 60_000),
    ).toEqual([0, 90, 215]);
  });
});
