import { theme } from 'antd';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';
import type { DataboardTeam } from '../../api/databoard';
import { texts } from '../../locales';
import { teamUserSeries } from './figures';

use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

const t = texts.databoard;

/** Users per team, as horizontal bars (loaded on its own, so ECharts stays out of other chunks). */
export default function TeamUsersChart({ teams }: { teams: readonly DataboardTeam[] }) {
  const element = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const { names, counts } = useMemo(() => teamUserSeries(teams), [teams]);
  const height = Math.max(220, names.length * 34 + 60);

  useEffect(() => {
    const host = element.current;
    if (!host) return;
    const chart = init(host, undefined, { renderer: 'canvas' });
    chart.setOption({
      grid: { left: 8, right: 40, top: 12, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: {
        type: 'value',
        minInterval: 1,
        name: t.usersUnit,
        splitLine: { lineStyle: { type: 'dashed' } },
      },
      yAxis: { type: 'category', data: names, inverse: true, axisTick: { show: false } },
      series: [
        {
          type: 'bar',
          name: t.users,
          data: counts,
          barMaxWidth: 18,
          itemStyle: { color: token.colorPrimary, borderRadius: [0, 4, 4, 0] },
          label: { show: true, position: 'right', color: token.colorTextSecondary },
        },
      ],
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(host);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [names, counts, token.colorPrimary, token.colorTextSecondary]);

  return <div ref={element} style={{ width: '100%', height }} role="img" aria-label={t.teamUsersChart} />;
}
