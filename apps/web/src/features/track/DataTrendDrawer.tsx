import { formatDateTime, TREND_WINDOW_MINUTES } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Spin } from 'antd';
import { useMemo } from 'react';
import { fetchOilTrend } from '../../api/history';
import { texts } from '../../locales';
import { EChart } from './EChart';
import { timeMs } from './trackData';

const t = texts.track.trend;

export interface DataTrendDrawerProps {
  open: boolean;
  onClose: () => void;
  vin: string;
  carNo: string;
  /** The time the curve centres on ('YYYY-MM-DD HH:mm:ss'). */
  time: string;
}

/** HH:mm:ss (Asia/Shanghai) of epoch ms, whatever the browser's zone. */
const clock = (ms: number) => formatDateTime(new Date(ms)).slice(11);

/** 数据趋势 (spec core section 2): the oil level curve ±10 minutes around a time. */
export default function DataTrendDrawer({ open, onClose, vin, carNo, time }: DataTrendDrawerProps) {
  const trend = useQuery({
    queryKey: ['track', 'oilTrend', vin, time],
    queryFn: ({ signal }) => fetchOilTrend({ vin, time }, signal),
    enabled: open && vin !== '' && time !== '',
  });
  const points = trend.data ?? [];
  const option = useMemo(() => {
    const centre = timeMs(time);
    const windowMs = TREND_WINDOW_MINUTES * 60_000;
    return {
      grid: { left: 52, right: 28, top: 48, bottom: 40 },
      tooltip: {
        trigger: 'axis',
        formatter: (items: { data: [number, number, number | undefined] }[]) => {
          const first = items[0];
          if (!first) return '';
          const [at, percent, litres] = first.data;
          return `${clock(at)}<br/>${t.oil}：${percent}%${litres === undefined ? '' : `（${litres} L）`}`;
        },
      },
      xAxis: {
        type: 'time',
        min: centre - windowMs,
        max: centre + windowMs,
        axisLabel: { formatter: (value: number) => clock(value).slice(0, 5), hideOverlap: true },
      },
      yAxis: { type: 'value', name: t.oilPercent, min: 0, max: 100, nameGap: 16 },
      series: [
        {
          type: 'line',
          name: t.oil,
          showSymbol: points.length < 60,
          areaStyle: { opacity: 0.12 },
          data: points.map((p) => [timeMs(p.reportTime), p.oilValue, p.oilLitre]),
          markLine: {
            symbol: 'none',
            label: { formatter: `${t.centre} ${time.slice(11)}`, position: 'insideEndTop' },
            lineStyle: { type: 'dashed', color: '#e03131' },
            data: [{ xAxis: centre }],
          },
        },
      ],
    };
  }, [points, time]);

  return (
    <Drawer title={`${t.title} · ${carNo}`} size={640} open={open} onClose={onClose} destroyOnHidden>
      <p style={{ marginTop: 0, color: 'rgba(0,0,0,0.55)' }}>{t.around(time, TREND_WINDOW_MINUTES)}</p>
      {trend.isPending && open ? (
        <Spin style={{ display: 'block', marginTop: 60 }} />
      ) : points.length > 0 ? (
        <EChart option={option} height={360} label={t.title} />
      ) : (
        <Empty description={t.noData} />
      )}
    </Drawer>
  );
}
