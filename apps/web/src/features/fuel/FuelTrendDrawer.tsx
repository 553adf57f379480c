import { formatDateTime } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Result, Spin, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { texts } from '../../locales';
import { fetchLevel } from './api';
import { type ChartHandle, FuelChart, levelOption, saveDataUrl, timeMs } from './FuelLevelChart';

const t = texts.fuel.drawer;
/** Minutes shown before the start and after the end of an event. */
const AROUND_MINUTES = 10;

export interface FuelTrendTarget {
  truckId: number;
  carNo: string;
  startTime: string;
  endTime: string;
}

/**
 * 数据趋势 (spec core section 2): the oil-level curve (litres through the truck's calibration) from
 * 10 minutes before an event to 10 minutes after it, with the event's span marked; 导出图片 saves
 * the chart as a static PNG.
 */
export function FuelTrendDrawer({
  target,
  onClose,
}: {
  target: FuelTrendTarget | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const chart = useRef<ChartHandle>(null);
  const range = useMemo(() => {
    if (!target) return null;
    const from = timeMs(target.startTime);
    const to = timeMs(target.endTime || target.startTime);
    const min = from - AROUND_MINUTES * 60_000;
    const max = to + AROUND_MINUTES * 60_000;
    return {
      from,
      to,
      min,
      max,
      beginTime: formatDateTime(new Date(min)),
      endTime: formatDateTime(new Date(max)),
    };
  }, [target]);
  const level = useQuery({
    queryKey: ['fuel', 'trend', target?.truckId, range?.beginTime, range?.endTime],
    queryFn: ({ signal }) =>
      fetchLevel(
        { truckId: target?.truckId ?? 0, beginTime: range?.beginTime ?? '', endTime: range?.endTime ?? '' },
        signal,
      ),
    enabled: target !== null && range !== null,
  });
  const points = level.data?.list ?? [];
  const option = useMemo(
    () =>
      levelOption(points, { oil: t.oil, axis: t.litresAxis, start: t.start, end: t.end }, range ?? undefined),
    [points, range],
  );
  const exportImage = () => {
    const url = chart.current?.pngDataUrl();
    if (!url || !target) return;
    saveDataUrl(url, `数据趋势_${target.carNo}_${target.startTime.replace(/[: ]/g, '')}.png`);
    message.success(t.exported);
  };
  return (
    <Drawer
      title={target ? `${t.title} · ${target.carNo}` : t.title}
      size={720}
      open={target !== null}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button type="primary" onClick={exportImage} disabled={points.length === 0}>
          {t.exportImage}
        </Button>
      }
    >
      {range ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {t.around(range.beginTime, range.endTime)}
          {level.data ? `；${level.data.calibrated ? t.calibrated : t.uncalibrated}` : ''}
        </Typography.Paragraph>
      ) : null}
      {level.isError ? (
        <Result
          status="warning"
          title={texts.fuel.loadFailed}
          extra={<Button onClick={() => level.refetch()}>{texts.fuel.retry}</Button>}
        />
      ) : level.isPending ? (
        <Spin style={{ display: 'block', marginTop: 60 }} />
      ) : points.length > 0 ? (
        <FuelChart ref={chart} option={option} height={380} label={t.title} />
      ) : (
        <Empty description={texts.fuel.noData} />
      )}
    </Drawer>
  );
}
