import { theme } from 'antd';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { texts } from '../../locales';
import type { StatisticsRow } from './api';

use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const t = texts.planStatistics;

/** The two on-time rates of each statistics row as bars (loaded on its own, with ECharts). */
export default function StatisticsChart({ rows }: { rows: readonly StatisticsRow[] }) {
  const element = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();

  useEffect(() => {
    const host = element.current;
    if (!host) return;
    const chart = init(host, undefined, { renderer: 'canvas' });
    chart.setOption({
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `${v}%` },
      legend: { top: 0 },
      xAxis: {
        type: 'category',
        data: rows.map((r) => r.name),
        axisLabel: { interval: 0, hideOverlap: true },
      },
      yAxis: { type: 'value', max: 100, name: t.chartTitle, splitLine: { lineStyle: { type: 'dashed' } } },
      series: [
        {
          type: 'bar',
          name: t.onTimeDepartRate,
          data: rows.map((r) => r.onTimeDepartRate),
          barMaxWidth: 22,
          itemStyle: { color: token.colorPrimary },
        },
        {
          type: 'bar',
          name: t.onTimeArriveRate,
          data: rows.map((r) => r.onTimeArriveRate),
          barMaxWidth: 22,
          itemStyle: { color: token.colorSuccess },
        },
      ],
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(host);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [rows, token.colorPrimary, token.colorSuccess]);

  return <div ref={element} style={{ width: '100%', height: 260 }} role="img" aria-label={t.chartLabel} />;
}
