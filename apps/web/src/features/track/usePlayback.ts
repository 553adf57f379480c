import { useEffect, useMemo, useRef } from 'react';
import type { MovingMarkerHandle } from '../../map';
import { FrameStore } from './frameStore';
import { Playback, type PlaybackSnapshot } from './playback';
import type { TrackData } from './trackData';

export interface PlaybackKit {
  playback: Playback;
  /** The playback's state for React, once a frame. */
  frames: FrameStore<PlaybackSnapshot>;
  /** The car marker, filled by <MovingMarker> while it is on the map. */
  marker: React.RefObject<MovingMarkerHandle | null>;
}

/**
 * The playback of a track: each step moves the car marker straight through Leaflet (no React),
 * and the position reaches React at most once a frame.
 */
export function usePlayback(track: TrackData | undefined): PlaybackKit {
  const marker = useRef<MovingMarkerHandle | null>(null);
  const trackRef = useRef(track);
  trackRef.current = track;

  const kit = useMemo(() => {
    const playback = new Playback({
      hasMarker: () => marker.current !== null,
      onStep: (index) => {
        const t = trackRef.current;
        if (!t || index >= t.count) return;
        marker.current?.moveTo(t.lat[index] as number, t.lng[index] as number, t.direction[index] as number);
      },
      onChange: (snapshot) => frames.set(snapshot),
    });
    const frames = new FrameStore<PlaybackSnapshot>(playback.snapshot);
    return { playback, frames };
  }, []);

  useEffect(() => {
    kit.playback.load(track?.count ?? 0);
  }, [kit, track]);

  useEffect(
    () => () => {
      kit.playback.dispose();
      kit.frames.dispose();
    },
    [kit],
  );

  return { ...kit, marker };
}
