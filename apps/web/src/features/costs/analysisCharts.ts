import type { EChartsCoreOption } from 'echarts/core';
import type { CostAnalysis } from './api';

// The chart options of 成本分析: the types stacked by period, the types' shares, and the types
// stacked by line (按线路).

const COLORS = [
  '#1677ff',
  '#52c41a',
  '#fa8c16',
  '#13c2c2',
  '#722ed1',
  '#eb2f96',
  '#faad14',
  '#2f54eb',
  '#8c8c8c',
];

/** The types with a cost in the answer, in its order. */
const shownTypes = (data: CostAnalysis) =>
  data.types.filter((ty) => Number(data.total.byType[ty.key] ?? 0) > 0);

export function trendOption(data: CostAnalysis): EChartsCoreOption {
  return {
    color: COLORS,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 60, right: 20, top: 40, bottom: 30 },
    xAxis: { type: 'category', data: data.series.map((s) => s.period) },
    yAxis: { type: 'value', name: '元' },
    series: shownTypes(data).map((ty) => ({
      name: ty.name,
      type: 'bar',
      stack: 'cost',
      barMaxWidth: 36,
      data: data.series.map((s) => Number(s.byType[ty.key] ?? 0)),
    })),
  };
}

export function pieOption(data: CostAnalysis): EChartsCoreOption {
  return {
    color: COLORS,
    tooltip: { trigger: 'item', formatter: '{b}: ¥{c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['36%', '60%'],
        center: ['50%', '45%'],
        label: { formatter: '{b}\n{d}%', overflow: 'none' },
        data: data.byType
          .filter((x) => Number(x.amount) > 0)
          .map((x) => ({ name: x.name, value: Number(x.amount) })),
      },
    ],
  };
}

/** The lines' costs as horizontal bars of the types, the costliest line on top (at most `max`). */
export function lineOption(data: CostAnalysis, max = 15): EChartsCoreOption {
  const lines = data.byLine.slice(0, max).reverse();
  return {
    color: COLORS,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 10, right: 30, top: 36, bottom: 10, containLabel: true },
    xAxis: { type: 'value', name: '元' },
    yAxis: {
      type: 'category',
      data: lines.map((l) => l.lineName),
      axisLabel: { width: 160, overflow: 'truncate' },
    },
    series: shownTypes(data).map((ty) => ({
      name: ty.name,
      type: 'bar',
      stack: 'cost',
      barMaxWidth: 24,
      data: lines.map((l) => Number(l.byType[ty.key] ?? 0)),
    })),
  };
}
