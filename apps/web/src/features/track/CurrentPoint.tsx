import { Button, Descriptions, Empty, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { texts } from '../../locales';
import { useAddress } from '../../map';
import { usePlaybackField } from './PlaybackControls';
import { directionName } from './pointText';
import type { TrackData } from './trackData';
import type { PlaybackKit } from './usePlayback';

const t = texts.track.point;
/** The address is looked up once the position rests this long (not while playing or dragging). */
const REST_MS = 400;
/** While playing, the panel follows the position at this pace (the controls show every step). */
const PLAYING_REFRESH_MS = 1000;

/** The position for the panel: every change while still, a few times a second while playing. */
function usePanelIndex(kit: PlaybackKit, playing: boolean): number {
  const index = usePlaybackField(kit.frames, playing ? 'state' : 'index');
  const [sampled, setSampled] = useState(kit.frames.latest.index);
  useEffect(() => {
    if (!playing) return;
    setSampled(kit.frames.latest.index);
    const timer = window.setInterval(() => setSampled(kit.frames.latest.index), PLAYING_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [kit, playing]);
  return playing ? sampled : (index as number);
}

/** 当前点: the point the playback stands on, with its address, and the way to its data trend. */
export function CurrentPoint({
  kit,
  track,
  onTrend,
}: {
  kit: PlaybackKit;
  track: TrackData | undefined;
  onTrend: (time: string) => void;
}) {
  const playing = usePlaybackField(kit.frames, 'state') === 'playing';
  const index = usePanelIndex(kit, playing);
  const [resting, setResting] = useState<number>();
  useEffect(() => {
    setResting(undefined);
    if (playing) return;
    const timer = window.setTimeout(() => setResting(index), REST_MS);
    return () => window.clearTimeout(timer);
  }, [index, playing]);
  const lookAt = resting !== undefined && track && resting < track.count ? resting : undefined;
  const { address, loading } = useAddress(
    lookAt === undefined ? undefined : track?.wgsLng[lookAt],
    lookAt === undefined ? undefined : track?.wgsLat[lookAt],
  );

  const point = track?.points[index];
  if (!track || !point)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.track.noQuery} />;
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'index', label: t.title, children: t.index(index + 1, track.count) },
          { key: 'time', label: t.time, children: point.reportTime },
          { key: 'speed', label: t.speed, children: `${point.speed} km/h` },
          {
            key: 'direction',
            label: t.direction,
            children: `${directionName(point.direction)}（${point.direction}°）`,
          },
          ...(typeof point.mileage === 'number'
            ? [{ key: 'mileage', label: t.mileage, children: `${point.mileage} km` }]
            : []),
          ...(point.acc !== undefined
            ? [{ key: 'acc', label: t.acc, children: point.acc ? t.accOn : t.accOff }]
            : []),
          {
            key: 'mode',
            label: t.drivingMode,
            children: t.modes[point.autoDriverFlag ?? 0] ?? t.modes[0],
          },
          ...(point.alarmText
            ? [
                {
                  key: 'alarm',
                  label: t.alarm,
                  children: <Typography.Text type="danger">{point.alarmText}</Typography.Text>,
                },
              ]
            : []),
          {
            key: 'address',
            label: t.address,
            children: playing
              ? '--'
              : loading || lookAt === undefined
                ? t.addressLoading
                : address || t.addressNone,
          },
        ]}
      />
      <Button block onClick={() => onTrend(point.reportTime)}>
        {t.trend}
      </Button>
    </>
  );
}
