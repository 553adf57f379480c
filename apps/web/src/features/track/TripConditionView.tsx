import { durationText, MAP_PICKER_CENTER, ROUTE_MAP_INITIAL_ZOOM } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Modal, Spin } from 'antd';
import { useMemo } from 'react';
import { fetchAltitude, fetchRoadData, type RoadShare } from '../../api/history';
import { texts } from '../../locales';
import { BaseMap, SpeedLegend, type TrackColumns, TrackLayer } from '../../map';
import { EChart } from './EChart';
import styles from './track.module.css';
import { timeMs } from './trackData';

const t = texts.track.condition;

const SLOPE_COLORS = ['#1c7ed6', '#74c0fc', '#8ce99a', '#ffa94d', '#e8590c'];
const ROAD_COLORS = ['#7048e8', '#1098ad', '#f59f00'];

export interface TripConditionViewProps {
  open: boolean;
  onClose: () => void;
  vin: string;
  title: string;
  startTime: string;
  endTime: string;
  /** km, when known. */
  distanceKm?: number;
  /** The stretch of track already loaded (map coordinates). */
  track: TrackColumns | undefined;
}

function pieOption(shares: readonly RoadShare[], colors: string[]) {
  return {
    color: colors,
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${p.name}<br/>${t.distance}：${p.value} km<br/>${t.ratio}：${p.percent}%`,
    },
    legend: { bottom: 0, icon: 'circle', itemWidth: 10, itemHeight: 10 },
    series: [
      {
        type: 'pie',
        radius: ['38%', '66%'],
        center: ['50%', '44%'],
        avoidLabelOverlap: true,
        label: { formatter: '{b} {d}%' },
        data: shares.map((s) => ({ name: s.name, value: s.distance })),
      },
    ],
  };
}

/**
 * 行程工况 (spec core section 2): the track of a trip on a map beside pie charts of slope and road
 * type (by distance), and the altitude along the way.
 */
export default function TripConditionView({
  open,
  onClose,
  vin,
  title,
  startTime,
  endTime,
  distanceKm,
  track,
}: TripConditionViewProps) {
  const range = { vin, startTime, endTime };
  const road = useQuery({
    queryKey: ['track', 'road', range],
    queryFn: ({ signal }) => fetchRoadData(range, signal),
    enabled: open,
  });
  const altitude = useQuery({
    queryKey: ['track', 'altitude', range],
    queryFn: ({ signal }) => fetchAltitude(range, signal),
    enabled: open,
  });
  const slopeShares = road.data?.[1]?.distribution.filter((s) => s.distance > 0) ?? [];
  const roadShares = road.data?.[2]?.distribution.filter((s) => s.distance > 0) ?? [];
  const slope = useMemo(() => pieOption(slopeShares, SLOPE_COLORS), [slopeShares]);
  const roadType = useMemo(() => pieOption(roadShares, ROAD_COLORS), [roadShares]);
  const heights = useMemo(
    () => ({
      grid: { left: 48, right: 16, top: 28, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'value', name: t.mile, nameLocation: 'end', min: 'dataMin', max: 'dataMax' },
      yAxis: { type: 'value', name: t.height, scale: true },
      series: [
        {
          type: 'line',
          name: t.height,
          showSymbol: false,
          areaStyle: { opacity: 0.15 },
          data: (altitude.data ?? []).map((p) => [p.mile, p.height]),
        },
      ],
    }),
    [altitude.data],
  );
  const duration = timeMs(endTime) - timeMs(startTime);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={1100}
      title={`${t.title} · ${title}`}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={4}
        items={[
          { key: 'start', label: texts.track.trips.start, children: startTime },
          { key: 'end', label: texts.track.trips.end, children: endTime },
          {
            key: 'duration',
            label: texts.track.trips.duration,
            children: Number.isFinite(duration) ? durationText(duration) : '--',
          },
          ...(distanceKm !== undefined
            ? [{ key: 'distance', label: texts.track.trips.distance, children: `${distanceKm} km` }]
            : []),
        ]}
      />
      <div className={styles.condition}>
        <div className={styles.conditionMap}>
          <div className={styles.conditionMapBox}>
            <BaseMap center={MAP_PICKER_CENTER} zoom={ROUTE_MAP_INITIAL_ZOOM} label={t.title}>
              <TrackLayer track={track} />
            </BaseMap>
          </div>
          <SpeedLegend inline />
        </div>
        <div className={styles.charts}>
          {road.isPending ? (
            <Spin style={{ marginTop: 80 }} />
          ) : (
            <>
              <h4 className={styles.chartTitle}>{t.slope}</h4>
              {slopeShares.length > 0 ? (
                <EChart option={slope} height={190} label={t.slope} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noData} />
              )}
              <h4 className={styles.chartTitle}>{t.roadType}</h4>
              {roadShares.length > 0 ? (
                <EChart option={roadType} height={190} label={t.roadType} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noData} />
              )}
              {road.data?.[2]?.method && (
                <div className={styles.method} title={road.data[2].method}>
                  {t.method}：{road.data[2].method}
                </div>
              )}
            </>
          )}
        </div>
      </div>
      <h4 className={styles.chartTitle} style={{ marginTop: 12 }}>
        {t.altitude}
      </h4>
      {(altitude.data?.length ?? 0) > 1 ? (
        <EChart option={heights} height={160} label={t.altitude} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noData} />
      )}
    </Modal>
  );
}
