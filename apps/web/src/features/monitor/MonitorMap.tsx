import { ReloadOutlined } from '@ant-design/icons';
import { MAP_PICKER_CENTER, ROUTE_MAP_INITIAL_ZOOM } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Switch, Tooltip } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type AggregateAnswer, fetchVehicleCard } from '../../api/monitor';
import { texts } from '../../locales';
import {
  BaseMap,
  type DistanceUnit,
  MapOverlay,
  type MapType,
  MapTypeSwitch,
  MeasureTool,
  useShown,
  VehicleLegend,
  VehiclesLayer,
} from '../../map';
import { AggregateFeed } from './AggregateFeed';
import { CardFocus } from './CardFocus';
import { type CarFilterAction, type CarFilterState, vehicleQueryOf } from './carFilter';
import { LiveTrailLayer } from './LiveTrailLayer';
import { appendLivePoint, type LivePoint } from './liveTrail';
import styles from './monitor.module.css';
import { VehicleCardPanel } from './VehicleCardPanel';

const t = texts.monitor;
/** The card of a followed vehicle refreshes this often; otherwise every 10 s. */
export const FOLLOW_REFRESH_MS = 5000;
const CARD_REFRESH_MS = 10_000;
const MIN_ZOOM = 4;
const MAX_ZOOM = 18;

export interface MonitorMapProps {
  filter: CarFilterState;
  dispatch: (action: CarFilterAction) => void;
  followVin: string | null;
  onFollow: (vin: string | null) => void;
  /** Bring a vehicle into view (from the tree or the table); acted on once a `seq`. */
  locate?: { vin: string; seq: number };
  onAnswer?: (answer: AggregateAnswer) => void;
  label: string;
}

/**
 * The map of full-map monitoring (both versions): clustered vehicles of the filter, refreshed every
 * 10 s and on each move; the card of the selected vehicle; following; map type, distance tool,
 * clustering switch and the state legend.
 */
export function MonitorMap({
  filter,
  dispatch,
  followVin,
  onFollow,
  locate,
  onAnswer,
  label,
}: MonitorMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const shown = useShown(box);
  const [answer, setAnswer] = useState<AggregateAnswer>();
  const [mapType, setMapType] = useState<MapType>('normal');
  const [unit, setUnit] = useState<DistanceUnit>('metric');
  const [trail, setTrail] = useState<readonly LivePoint[]>([]);
  const [refreshSeq, setRefreshSeq] = useState(0);
  const query = useMemo(() => vehicleQueryOf(filter), [filter]);
  const vin = filter.carOid;
  const following = vin !== null && vin === followVin;

  const card = useQuery({
    queryKey: ['monitor', 'card', vin],
    queryFn: ({ signal }) => fetchVehicleCard(vin as string, signal),
    enabled: vin !== null && shown,
    refetchInterval: following ? FOLLOW_REFRESH_MS : CARD_REFRESH_MS,
  });
  const cardData = card.data?.vin === vin ? card.data : undefined;

  // The followed vehicle leaves a trail while it is followed.
  useEffect(() => {
    if (!following) setTrail([]);
  }, [following]);
  useEffect(() => {
    if (!following || !cardData || cardData.lng === null || cardData.lat === null) return;
    const { lng, lat, gcj02Lng, gcj02Lat, speed, direction, reportTime } = cardData;
    setTrail((previous) =>
      appendLivePoint(previous, { lng, lat, gcj02Lng, gcj02Lat, speed, direction, reportTime }),
    );
  }, [following, cardData]);

  const take = useCallback(
    (next: AggregateAnswer) => {
      setAnswer(next);
      onAnswer?.(next);
    },
    [onAnswer],
  );
  const start = filter.position ?? { ...MAP_PICKER_CENTER, zoom: ROUTE_MAP_INITIAL_ZOOM };
  const counts = answer?.counts;

  return (
    <div ref={box} className={styles.mapBox}>
      <BaseMap
        center={start}
        zoom={start.zoom}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        mapType={mapType}
        unit={unit}
        label={label}
      >
        <AggregateFeed
          key={refreshSeq}
          query={query}
          merge={filter.mergeMap}
          active={shown}
          onAnswer={take}
          onMoved={(position) => dispatch({ type: 'position', position })}
        />
        <VehiclesLayer
          data={answer}
          selectedVin={vin}
          onVehicleClick={(vehicle) => dispatch({ type: 'select', vin: vehicle.vin })}
        />
        {following && <LiveTrailLayer trail={trail} />}
        <CardFocus card={cardData} follow={following} locate={locate} />
        <MapOverlay position="topRight">
          <MapTypeSwitch value={mapType} onChange={setMapType} />
          <MeasureTool unit={unit} onUnitChange={setUnit} />
          <div className={styles.toolbarInline}>
            <Switch
              size="small"
              checked={filter.mergeMap}
              onChange={(on) => dispatch({ type: 'merge', on })}
              aria-label={t.merge}
            />
            <span>{t.merge}</span>
            <Tooltip title={t.refresh}>
              <Button
                size="small"
                type="text"
                icon={<ReloadOutlined />}
                aria-label={t.refresh}
                onClick={() => setRefreshSeq((n) => n + 1)}
              />
            </Tooltip>
          </div>
        </MapOverlay>
        <MapOverlay position="bottomLeft">
          <VehicleLegend
            counts={
              counts && {
                moving: counts.moving,
                parked: counts.parked,
                offline: counts.offline,
                alarm: counts.alarm,
              }
            }
          />
        </MapOverlay>
      </BaseMap>
      {following && cardData && <div className={styles.followBanner}>{t.following(cardData.carNo)}</div>}
      {vin !== null && (
        <VehicleCardPanel
          vin={vin}
          card={cardData}
          following={following}
          onFollow={(on) => onFollow(on ? vin : null)}
          onClose={() => {
            if (following) onFollow(null);
            dispatch({ type: 'select', vin: null });
          }}
        />
      )}
    </div>
  );
}
