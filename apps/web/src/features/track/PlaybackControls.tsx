import {
  CaretRightOutlined,
  FastBackwardOutlined,
  FastForwardOutlined,
  PauseOutlined,
} from '@ant-design/icons';
import { PLAYBACK_JUMP_POINTS, PLAYBACK_MULTIPLIERS } from '@fleet/domain';
import { App, Button, Select, Tooltip } from 'antd';
import { memo, useEffect, useRef, useSyncExternalStore } from 'react';
import { texts } from '../../locales';
import type { FrameStore } from './frameStore';
import type { PlaybackSnapshot, PlayRefusal } from './playback';
import styles from './track.module.css';
import type { TrackData } from './trackData';
import type { PlaybackKit } from './usePlayback';

const t = texts.track.controls;
const MULTIPLIER_OPTIONS = PLAYBACK_MULTIPLIERS.map((m) => ({ value: m, label: t.multiplier(m) }));

/** One field of the playback, read at most once a frame; the component re-renders only when it changes. */
export function usePlaybackField<K extends keyof PlaybackSnapshot>(
  frames: FrameStore<PlaybackSnapshot>,
  key: K,
): PlaybackSnapshot[K] {
  return useSyncExternalStore(frames.subscribe, () => frames.getSnapshot()[key]);
}

function readout(track: TrackData | undefined, index: number): { time: string; detail: string } {
  const count = track?.count ?? 0;
  const point = track?.points[index];
  return {
    time: point?.reportTime ?? '--',
    detail: `${point ? `${point.speed} km/h` : '--'} · ${texts.track.point.index(count === 0 ? 0 : index + 1, count)}`,
  };
}

/**
 * The progress slider with the time and speed of the position: the one part that changes at every
 * step. It is written straight into the DOM once a frame (no React render while playing); React
 * renders it again only for a new track.
 */
const Progress = memo(function Progress({ kit, track }: { kit: PlaybackKit; track: TrackData | undefined }) {
  const slider = useRef<HTMLInputElement>(null);
  const time = useRef<HTMLDivElement>(null);
  const detail = useRef<HTMLDivElement>(null);
  const count = track?.count ?? 0;

  useEffect(() => {
    let shown = -1;
    const show = () => {
      const index = kit.frames.getSnapshot().index;
      if (index === shown) return;
      shown = index;
      const text = readout(track, index);
      if (slider.current) {
        slider.current.value = String(index);
        slider.current.setAttribute('aria-valuetext', text.time);
        slider.current.style.setProperty('--progress', `${count > 1 ? (index / (count - 1)) * 100 : 0}%`);
      }
      if (time.current) time.current.textContent = text.time;
      if (detail.current) detail.current.textContent = text.detail;
    };
    show();
    return kit.frames.subscribe(show);
  }, [kit, track, count]);

  return (
    <>
      <input
        ref={slider}
        type="range"
        className={styles.slider}
        min={0}
        max={Math.max(0, count - 1)}
        step={1}
        defaultValue={0}
        disabled={count < 2}
        aria-label={t.progress}
        onInput={(event) => kit.playback.seek(Number(event.currentTarget.value))}
      />
      <div className={styles.readout}>
        <div ref={time} />
        <div ref={detail} className={styles.readoutSub} />
      </div>
    </>
  );
});

/** Play and pause, 20 points back and forward, the progress slider and the speed selector. */
export function PlaybackControls({ kit, track }: { kit: PlaybackKit; track: TrackData | undefined }) {
  const { message } = App.useApp();
  const state = usePlaybackField(kit.frames, 'state');
  const multiplier = usePlaybackField(kit.frames, 'multiplier');
  const { playback } = kit;
  const playing = state === 'playing';
  const disabled = (track?.count ?? 0) < 2;

  const refused = (reason: PlayRefusal | undefined) => {
    if (reason) void message.warning(reason === 'noMarker' ? t.refusedNoMarker : t.refusedNoTrack);
  };

  return (
    <div className={styles.controls} role="toolbar" aria-label={texts.track.title}>
      <Tooltip title={t.back}>
        <Button
          shape="circle"
          icon={<FastBackwardOutlined />}
          aria-label={t.back}
          disabled={disabled}
          onClick={() => playback.jump(-PLAYBACK_JUMP_POINTS)}
        />
      </Tooltip>
      <Button
        type="primary"
        shape="circle"
        size="large"
        icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
        aria-label={playing ? t.pause : t.play}
        disabled={disabled}
        onClick={() => refused(playback.toggle())}
      />
      <Tooltip title={t.forward}>
        <Button
          shape="circle"
          icon={<FastForwardOutlined />}
          aria-label={t.forward}
          disabled={disabled}
          onClick={() => playback.jump(PLAYBACK_JUMP_POINTS)}
        />
      </Tooltip>
      <Progress kit={kit} track={track} />
      <Select<number>
        aria-label={t.speed}
        value={multiplier}
        onChange={(m) => playback.setMultiplier(m)}
        style={{ width: 86 }}
        options={MULTIPLIER_OPTIONS}
      />
    </div>
  );
}
