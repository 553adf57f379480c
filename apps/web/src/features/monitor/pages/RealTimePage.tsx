import { ArrowLeftOutlined, HistoryOutlined } from '@ant-design/icons';
import { canAccessPath, MAP_PICKER_CENTER, ROUTE_MAP_MAX_ZOOM, ROUTE_MAP_MIN_ZOOM } from '@fleet/domain';
import { Button, Empty, Space, Spin, Switch, Tag } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { texts } from '../../../locales';
import {
  BaseMap,
  type DistanceUnit,
  MapOverlay,
  type MapType,
  MapTypeSwitch,
  MeasureTool,
  SpeedLegend,
  useFillHeight,
  useShown,
} from '../../../map';
import { useShell } from '../../../shell/ShellContext';
import { LiveTrailLayer } from '../LiveTrailLayer';
import { LIVE_REFRESH_MS, LiveVehicleLayer, useLiveVehicle } from '../LiveVehicle';
import styles from '../monitor.module.css';
import { StateTag, VehicleFacts } from '../VehicleFacts';
import { realTimeOnePath, TRACK_REPLAY_PATH, trackReplayPath } from '../vehicleLinks';

const t = texts.monitor;

/**
 * 实时跟踪 (/monitor/real-time/:vinCode): one vehicle live — its figures every 5 s, the marker
 * moving on the map, the trail since the page opened, the map following it.
 */
export default function RealTimePage() {
  const { vinCode = '' } = useParams();
  const vin = vinCode.toUpperCase();
  const navigate = useNavigate();
  const { codes } = useShell();
  const page = useRef<HTMLDivElement>(null);
  const height = useFillHeight(page);
  const shown = useShown(page);
  const { live, data, trail, updatedAt } = useLiveVehicle(vin, shown);
  const [follow, setFollow] = useState(true);
  const [mapType, setMapType] = useState<MapType>('normal');
  const [unit, setUnit] = useState<DistanceUnit>('metric');

  return (
    <div ref={page} className={styles.realTime} style={{ height }}>
      <div className={styles.realTimeHead}>
        <span className={styles.realTimePlate}>{data?.carNo ?? vin}</span>
        {data && <StateTag vehicle={data} />}
        {data && <Tag color={data.online ? 'green' : 'default'}>{data.onlineText}</Tag>}
        <span className={styles.muted}>
          {t.realTime.refreshEvery(LIVE_REFRESH_MS / 1000)}
          {updatedAt > 0 && ` · ${t.realTime.updatedAt(dayjs(updatedAt).format('HH:mm:ss'))}`}
          {` · ${t.realTime.trail(trail.length)}`}
        </span>
        <span className={styles.grow} />
        <Space>
          <span>{t.realTime.follow}</span>
          <Switch size="small" checked={follow} onChange={setFollow} aria-label={t.realTime.follow} />
          <Button onClick={() => navigate(realTimeOnePath(vin))}>{t.card.realTimeOne}</Button>
          {canAccessPath(TRACK_REPLAY_PATH, codes) && (
            <Button
              icon={<HistoryOutlined />}
              onClick={() => navigate(trackReplayPath({ vin, carNo: data?.carNo }))}
            >
              {t.card.replay}
            </Button>
          )}
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/monitor/scatter/route')}>
            {t.realTime.back}
          </Button>
        </Space>
      </div>
      <div className={styles.realTimeBody}>
        <div className={styles.mapBox}>
          <BaseMap
            center={MAP_PICKER_CENTER}
            zoom={ROUTE_MAP_MIN_ZOOM}
            minZoom={4}
            maxZoom={ROUTE_MAP_MAX_ZOOM}
            mapType={mapType}
            unit={unit}
            label={t.realTime.title}
          >
            <LiveTrailLayer trail={trail} />
            <LiveVehicleLayer info={data} follow={follow} />
            <MapOverlay position="topRight">
              <MapTypeSwitch value={mapType} onChange={setMapType} />
              <MeasureTool unit={unit} onUnitChange={setUnit} />
            </MapOverlay>
            <MapOverlay position="bottomLeft">
              <SpeedLegend />
            </MapOverlay>
          </BaseMap>
        </div>
        <aside className={styles.side} aria-label={t.realTime.live}>
          <h3 style={{ marginTop: 0 }}>{t.realTime.live}</h3>
          {data ? (
            <VehicleFacts card={data} detailed />
          ) : live.isError ? (
            <Empty description={t.realTime.notFound} />
          ) : (
            <Spin style={{ display: 'block', marginTop: 40 }} />
          )}
        </aside>
      </div>
    </div>
  );
}
