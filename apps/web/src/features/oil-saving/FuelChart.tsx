import { BarChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';

use([BarChart, GridComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

/** Bars of L/100km per truck with a dashed line at the target (or the suggested one). */
export default function FuelChart({
  rows,
  target,
  targetLabel,
  label,
}: {
  rows: { name: string; value: number | null }[];
  target: number | null;
  targetLabel: string;
  label: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const option = useMemo<EChartsCoreOption>(
    () => ({
      grid: { left: 48, right: 24, top: 24, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: rows.map((r) => r.name) },
      yAxis: { type: 'value', name: 'L/100km', min: (v: { min: number }) => Math.floor(v.min * 0.9) },
      series: [
        {
          type: 'bar',
          barMaxWidth: 36,
          data: rows.map((r) => ({
            value: r.value,
            itemStyle: {
              color: target !== null && r.value !== null && r.value > target ? '#fa8c16' : '#1677ff',
            },
          })),
          markLine:
            target === null
              ? undefined
              : {
                  symbol: 'none',
                  lineStyle: { type: 'dashed', color: '#52c41a' },
                  label: { position: 'insideEndTop', formatter: `${targetLabel} ${target}` },
                  data: [{ yAxis: target }],
                },
        },
      ],
    }),
    [rows, target, targetLabel],
  );
  useEffect(() => {
    const host = element.current;
    if (!host) return;
    const chart = init(host, undefined, { renderer: 'canvas' });
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(host);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <div ref={element} style={{ width: '100%', height: 240 }} role="img" aria-label={label} />;
}
