import {
  MAP_PICKER_CENTER,
  ROUTE_MAP_INITIAL_ZOOM,
  ROUTE_MAP_MAX_ZOOM,
  ROUTE_MAP_MIN_ZOOM,
} from '@fleet/domain';
import { type ReactNode, useRef, useState } from 'react';
import { texts } from '../../locales';
import {
  BaseMap,
  type DistanceUnit,
  MapOverlay,
  type MapType,
  MapTypeSwitch,
  MeasureTool,
  MovingMarker,
  SpeedLegend,
  TrackLayer,
} from '../../map';
import { PlaybackControls } from './PlaybackControls';
import { PointTip, type PointTipHandle } from './PointTip';
import styles from './track.module.css';
import type { TrackData } from './trackData';
import type { PlaybackKit } from './usePlayback';

export interface PlaybackMapProps {
  track: TrackData | undefined;
  kit: PlaybackKit;
  plate?: string;
  /** Shown over the map when there is no track (not queried yet, or an empty range). */
  emptyText?: ReactNode;
  /** The track has been painted. */
  onDrawn?: () => void;
}

/**
 * The route playback map (spec core sections 2, 4, 9): the track in the five speed colours with
 * its legend, start and end pins, the moving car, play/pause, 20 points back and forward, the
 * slider, 0.5–16×, normal and satellite maps, distance measuring, pop-up cards with the address on
 * hover and click, and a click on the track jumps there.
 */
export function PlaybackMap({ track, kit, plate, emptyText, onDrawn }: PlaybackMapProps) {
  const [mapType, setMapType] = useState<MapType>('normal');
  const [unit, setUnit] = useState<DistanceUnit>('metric');
  const tip = useRef<PointTipHandle | null>(null);
  const first = track && track.count > 0 ? 0 : undefined;

  return (
    <div className={styles.playback}>
      <div className={styles.mapArea}>
        <BaseMap
          center={MAP_PICKER_CENTER}
          zoom={ROUTE_MAP_INITIAL_ZOOM}
          minZoom={ROUTE_MAP_MIN_ZOOM}
          maxZoom={ROUTE_MAP_MAX_ZOOM}
          mapType={mapType}
          unit={unit}
          label={texts.track.title}
        >
          <TrackLayer
            track={track}
            onDrawn={onDrawn}
            onPointHover={(index) => tip.current?.hover(index)}
            onPointClick={(index) => {
              kit.playback.seek(index);
              tip.current?.click(index);
            }}
          />
          {track && <PointTip track={track} handle={tip} />}
          <MovingMarker
            handle={kit.marker}
            start={
              track && first !== undefined
                ? {
                    lat: track.lat[0] as number,
                    lng: track.lng[0] as number,
                    direction: track.direction[0] as number,
                  }
                : undefined
            }
            plate={plate}
          />
          <MapOverlay position="topRight">
            <MapTypeSwitch value={mapType} onChange={setMapType} />
            <MeasureTool unit={unit} onUnitChange={setUnit} />
          </MapOverlay>
        </BaseMap>
        {(!track || track.count === 0) && emptyText && <div className={styles.empty}>{emptyText}</div>}
      </div>
      <div className={styles.legendBar}>
        <SpeedLegend inline />
        <span className={styles.hint}>{texts.track.clickHint}</span>
      </div>
      <PlaybackControls kit={kit} track={track} />
    </div>
  );
}
