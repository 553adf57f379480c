import { SearchOutlined } from '@ant-design/icons';
import { DAY_MS, durationText, formatDateTime, startOfShanghaiDay } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Switch, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchTrail, type TrailQuery } from '../../../api/history';
import { VehiclePlateSelect } from '../../../kit';
import { texts } from '../../../locales';
import { useFillHeight } from '../../../map';
import { projectionFor } from '../../../map/projection';
import { useTileProvider } from '../../../map/useTileProvider';
import { CurrentPoint } from '../CurrentPoint';
import { PlaybackMap } from '../PlaybackMap';
import { TripList } from '../TripList';
import styles from '../track.module.css';
import { splitTrips, type Trip, timeMs, trackDataOf } from '../trackData';
import { usePlayback } from '../usePlayback';

const TripConditionView = lazy(() => import('../TripConditionView'));
const DataTrendDrawer = lazy(() => import('../DataTrendDrawer'));

const t = texts.track;
/** The history call reads at most 3 days at once. */
export const TRACK_MAX_DAYS = 3;

type Range = [Dayjs, Dayjs];

function presets(now: Date): { label: string; value: Range }[] {
  const today = startOfShanghaiDay(now).getTime();
  return [
    { label: t.presets.today, value: [dayjs(today), dayjs(now)] },
    { label: t.presets.yesterday, value: [dayjs(today - DAY_MS), dayjs(today - 1000)] },
    { label: t.presets.dayBefore, value: [dayjs(today - 2 * DAY_MS), dayjs(today - DAY_MS - 1000)] },
    { label: t.presets.last3Days, value: [dayjs(today - 2 * DAY_MS), dayjs(now)] },
  ];
}

function initialRange(params: URLSearchParams): Range {
  const begin = timeMs(params.get('beginTime') ?? '');
  const end = timeMs(params.get('endTime') ?? '');
  if (Number.isFinite(begin) && Number.isFinite(end) && begin <= end) return [dayjs(begin), dayjs(end)];
  const now = new Date();
  return [dayjs(startOfShanghaiDay(now)), dayjs(now)];
}

const text = (d: Dayjs) => formatDateTime(d.toDate());

/** Performance marks of the last track: from its answer to its drawing (read by the browser test). */
function markResponse(): void {
  performance.clearMarks('track:response');
  performance.clearMarks('track:drawn');
  performance.clearMeasures('track:draw');
  performance.mark('track:response');
}

function markDrawn(): void {
  if (performance.getEntriesByName('track:response', 'mark').length === 0) return;
  if (performance.getEntriesByName('track:draw', 'measure').length > 0) return;
  performance.mark('track:drawn');
  performance.measure('track:draw', 'track:response', 'track:drawn');
}

interface Condition {
  title: string;
  startTime: string;
  endTime: string;
  distanceKm?: number;
  from: number;
  to: number;
}

/**
 * 轨迹回放 (/monitor/track-replay, car050302): a vehicle and a time range (at most 3 days), the
 * track thinned by the server at level 8 on the route playback map, the point the playback stands
 * on, the trips of the range with their condition view, and the data trend of a point.
 */
export default function TrackReplayPage() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const page = useRef<HTMLDivElement>(null);
  const height = useFillHeight(page);
  const provider = useTileProvider();
  const projection = projectionFor(provider.coords);

  const [vehicle, setVehicle] = useState<{ carNo?: string; vin?: string }>(() => ({
    carNo: params.get('carNo') ?? undefined,
    vin: params.get('vin') ?? undefined,
  }));
  const [range, setRange] = useState<Range>(() => initialRange(params));
  const [thin, setThin] = useState(true);
  const [submitted, setSubmitted] = useState<TrailQuery | undefined>(() => {
    const vin = params.get('vin');
    if (!vin) return undefined;
    const [begin, end] = initialRange(params);
    return { vin, beginTime: text(begin), endTime: text(end), thin: true };
  });
  const [side, setSide] = useState('point');
  const [condition, setCondition] = useState<Condition>();
  const [trendTime, setTrendTime] = useState<string>();

  const trail = useQuery({
    queryKey: ['track', 'trail', submitted],
    queryFn: async ({ signal }) => {
      const answer = await fetchTrail(submitted as TrailQuery, signal);
      markResponse();
      return answer;
    },
    enabled: submitted !== undefined,
    staleTime: 60_000,
  });
  const answer = trail.data;
  const track = useMemo(
    () => (answer ? trackDataOf(answer.list, projection) : undefined),
    [answer, projection],
  );
  const kit = usePlayback(track);
  const trips = useMemo(() => (track && side === 'trips' ? splitTrips(track) : []), [track, side]);
  const vin = answer?.vin ?? vehicle.vin ?? '';
  const carNo = answer?.carNo ?? vehicle.carNo ?? '';

  const search = () => {
    if (!vehicle.vin && !vehicle.carNo) {
      void message.warning(t.vehicleRequired);
      return;
    }
    const [begin, end] = range;
    if (end.valueOf() - begin.valueOf() > TRACK_MAX_DAYS * DAY_MS) {
      void message.warning(t.rangeTooLong(TRACK_MAX_DAYS));
      return;
    }
    const next: TrailQuery = {
      ...(vehicle.vin ? { vin: vehicle.vin } : { carNo: vehicle.carNo }),
      beginTime: text(begin),
      endTime: text(end),
      thin,
    };
    if (JSON.stringify(next) === JSON.stringify(submitted)) void trail.refetch();
    else setSubmitted(next);
  };

  const openCondition = useCallback(
    (trip?: Trip) => {
      if (!track || track.count === 0) return;
      const from = trip?.startIndex ?? 0;
      const to = trip?.endIndex ?? track.count - 1;
      setCondition({
        title: trip ? t.trips.trip(trip.no) : t.condition.whole,
        startTime: track.points[from]?.reportTime ?? '',
        endTime: track.points[to]?.reportTime ?? '',
        distanceKm: trip?.distanceKm ?? answer?.mileage,
        from,
        to,
      });
    },
    [track, answer?.mileage],
  );

  const slice = useMemo(() => {
    if (!track || !condition) return undefined;
    const { from, to } = condition;
    return {
      count: to - from + 1,
      lat: track.lat.subarray(from, to + 1),
      lng: track.lng.subarray(from, to + 1),
      speed: track.speed.subarray(from, to + 1),
    };
  }, [track, condition]);

  const first = track?.points[0];
  const last = track?.points[track.count - 1];
  const emptyText = !submitted ? t.noQuery : trail.isSuccess && track?.count === 0 ? t.empty : undefined;

  return (
    <div ref={page} className={styles.page} style={{ height }}>
      <div className={styles.query}>
        <span className={styles.field}>
          <span>{t.vehicle}</span>
          <VehiclePlateSelect
            value={vehicle.carNo ?? vehicle.vin ?? null}
            onChange={(value, vehicles) => {
              const plate = typeof value === 'string' ? value : undefined;
              setVehicle({ carNo: plate, vin: vehicles.find((v) => v.value === plate)?.vin });
            }}
            style={{ width: 180 }}
          />
        </span>
        <span className={styles.field}>
          <span>{t.range}</span>
          <DatePicker.RangePicker
            showTime
            allowClear={false}
            value={range}
            presets={presets(new Date())}
            onChange={(next) => {
              if (next?.[0] && next[1]) setRange([next[0], next[1]]);
            }}
            aria-label={t.range}
          />
        </span>
        <span className={styles.field}>
          <span>{t.thin}</span>
          <Switch checked={thin} onChange={setThin} aria-label={t.thin} />
        </span>
        <Button type="primary" icon={<SearchOutlined />} loading={trail.isFetching} onClick={search}>
          {t.search}
        </Button>
        {answer && track && track.count > 0 && (
          <div className={styles.summary}>
            <span>
              {t.summary.mileage} <b>{answer.mileage} km</b>
            </span>
            <span>
              {t.summary.points} <b>{t.summary.pointsOf(answer.total, answer.rawTotal)}</b>
            </span>
            {first && last && (
              <span>
                {t.summary.duration} <b>{durationText(timeMs(last.reportTime) - timeMs(first.reportTime))}</b>
              </span>
            )}
            <Button size="small" onClick={() => openCondition()}>
              {t.trips.condition}
            </Button>
          </div>
        )}
      </div>
      <div className={styles.body}>
        <PlaybackMap
          track={track}
          kit={kit}
          plate={carNo || undefined}
          emptyText={emptyText}
          onDrawn={markDrawn}
        />
        <aside className={styles.side}>
          <Tabs
            activeKey={side}
            onChange={setSide}
            items={[
              {
                key: 'point',
                label: t.side.point,
                children: <CurrentPoint kit={kit} track={track} onTrend={setTrendTime} />,
              },
              {
                key: 'trips',
                label: t.side.trips,
                children: (
                  <TripList
                    trips={trips}
                    onReplay={(trip) => {
                      kit.playback.seek(trip.startIndex);
                      kit.playback.play();
                    }}
                    onCondition={openCondition}
                  />
                ),
              },
            ]}
          />
        </aside>
      </div>
      <Suspense>
        {condition && (
          <TripConditionView
            open
            onClose={() => setCondition(undefined)}
            vin={vin}
            title={`${carNo} ${condition.title}`}
            startTime={condition.startTime}
            endTime={condition.endTime}
            distanceKm={condition.distanceKm}
            track={slice}
          />
        )}
        {trendTime && (
          <DataTrendDrawer
            open
            onClose={() => setTrendTime(undefined)}
            vin={vin}
            carNo={carNo}
            time={trendTime}
          />
        )}
      </Suspense>
    </div>
  );
}
