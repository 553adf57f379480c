import { formatDateTime, parseDateTime } from '@fleet/domain';
import { BarChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { type EChartsCoreOption, type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';

use([
  LineChart,
  BarChart,
  GridComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** What a page can do with a chart: save it as a static PNG (ECharts getDataURL). */
export interface ChartHandle {
  pngDataUrl: () => string | null;
}

/** Epoch ms of an API time text. */
export const timeMs = (text: string) => parseDateTime(text)?.getTime() ?? 0;
/** MM-DD HH:mm (Shanghai) of epoch ms. */
export const shortTime = (ms: number) => formatDateTime(new Date(ms)).slice(5, 16);

/** An ECharts chart that renders on canvas (so that it can be saved as an image). */
export function FuelChart({
  option,
  height,
  label,
  ref,
}: {
  option: EChartsCoreOption;
  height: number;
  label: string;
  ref?: Ref<ChartHandle>;
}) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  useImperativeHandle(ref, () => ({
    pngDataUrl: () =>
      chart.current
        ? chart.current.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' })
        : null,
  }));
  useEffect(() => {
    const host = element.current;
    if (!host) return;
    const instance = init(host, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.setOption(option);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(host);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [option]);
  return <div ref={element} style={{ width: '100%', height }} role="img" aria-label={label} />;
}

/** Saves a data URL as a file. */
export function saveDataUrl(dataUrl: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = dataUrl;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** The level curve in litres (and percent of the tank in the tooltip), with the span of an event. */
export function levelOption(
  points: { reportTime: string; litres: number; oilValue: number | null }[],
  texts: { oil: string; axis: string; start: string; end: string },
  span?: { from: number; to: number; min: number; max: number },
): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 56, right: 28, top: 40, bottom: 40 },
    tooltip: {
      trigger: 'axis',
      formatter: (items: { data: [number, number, number | null] }[]) => {
        const first = items[0];
        if (!first) return '';
        const [at, litres, percent] = first.data;
        return `${formatDateTime(new Date(at))}<br/>${texts.oil}：${litres} L${percent === null ? '' : `（${percent}%）`}`;
      },
    },
    xAxis: {
      type: 'time',
      min: span?.min,
      max: span?.max,
      axisLabel: { formatter: (v: number) => shortTime(v), hideOverlap: true },
    },
    yAxis: { type: 'value', name: texts.axis, min: 0, nameGap: 14 },
    series: [
      {
        type: 'line',
        name: texts.oil,
        showSymbol: points.length < 60,
        areaStyle: { opacity: 0.12 },
        data: points.map((p) => [timeMs(p.reportTime), p.litres, p.oilValue]),
        markArea: span
          ? {
              itemStyle: { color: 'rgba(250, 140, 22, 0.15)' },
              data: [[{ xAxis: span.from, name: '' }, { xAxis: Math.max(span.to, span.from + 30_000) }]],
            }
          : undefined,
        markLine: span
          ? {
              symbol: 'none',
              lineStyle: { type: 'dashed', color: '#e03131' },
              label: { formatter: (p: { name: string }) => p.name, position: 'insideEndTop' },
              data: [
                { xAxis: span.from, name: texts.start },
                { xAxis: span.to, name: texts.end },
              ],
            }
          : undefined,
      },
    ],
  };
}
