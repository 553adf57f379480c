import { durationText } from '@fleet/domain';
import { Button, Empty, Space } from 'antd';
import { texts } from '../../locales';
import styles from './track.module.css';
import type { Trip } from './trackData';

const t = texts.track.trips;

/** 行程: the trips of the queried range, each to replay or to open in the trip condition view. */
export function TripList({
  trips,
  onReplay,
  onCondition,
}: {
  trips: readonly Trip[];
  onReplay: (trip: Trip) => void;
  onCondition: (trip: Trip) => void;
}) {
  if (trips.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />;
  return (
    <div className={styles.tripList}>
      {trips.map((trip) => (
        <article key={trip.no} className={styles.trip} aria-label={t.trip(trip.no)}>
          <div className={styles.tripHead}>
            <span>{t.trip(trip.no)}</span>
            <Space size={0}>
              <Button type="link" size="small" onClick={() => onReplay(trip)}>
                {t.replay}
              </Button>
              <Button type="link" size="small" onClick={() => onCondition(trip)}>
                {t.condition}
              </Button>
            </Space>
          </div>
          <div>
            {t.start}：{trip.startTime}
          </div>
          <div>
            {t.end}：{trip.endTime}
          </div>
          <div>
            {t.distance}：{trip.distanceKm} km　{t.duration}：{durationText(trip.durationMs)}　{t.maxSpeed}：
            {trip.maxSpeed} km/h
          </div>
        </article>
      ))}
    </div>
  );
}
