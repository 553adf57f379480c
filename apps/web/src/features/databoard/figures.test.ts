import { describe, expect, it } from 'vitest';
import { summaryFigures, teamUserSeries } from './figures';

const specs = [
  { key: 'vehicleCount', label: '车辆总数', unit: '辆' },
  { key: 'teamCount', label: '车队', unit: '个' },
  { key: 'userCount', label: '用户', unit: '人' },
];

describe('summaryFigures', () => {
  it('makes a card for each known figure the summary has, in the table order', () => {
    expect(summaryFigures({ merchantName: '示例物流有限公司', userCount: 4, teamCount: 6 }, specs)).toEqual([
      { key: 'teamCount', label: '车队', unit: '个', value: 6 },
      { key: 'userCount', label: '用户', unit: '人', value: 4 },
    ]);
  });

  it('shows a figure as soon as the server adds it, zero included', () => {
    expect(summaryFigures({ vehicleCount: 0 }, specs).map((figure) => figure.key)).toEqual(['vehicleCount']);
  });

  it('ignores keys without a number', () => {
    expect(summaryFigures({ teamCount: '6', userCount: null, vehicleCount: Number.NaN }, specs)).toEqual([]);
  });
});

describe('teamUserSeries', () => {
  it('orders teams by users, keeping the given order among equals', () => {
    const team = (teamName: string, userCount: number) => ({
      teamName,
      teamCode: teamName,
      parentCode: null,
      userCount,
    });
    expect(teamUserSeries([team('甲', 1), team('乙', 3), team('丙', 1)])).toEqual({
      names: ['乙', '甲', '丙'],
      counts: [3, 1, 1],
    });
    expect(teamUserSeries(undefined)).toEqual({ names: [], counts: [] });
  });
});
