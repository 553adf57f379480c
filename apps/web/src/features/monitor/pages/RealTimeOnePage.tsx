import { MAP_PICKER_CENTER, ROUTE_MAP_MAX_ZOOM, ROUTE_MAP_MIN_ZOOM } from '@fleet/domain';
import { Button, Spin } from 'antd';
import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { texts } from '../../../locales';
import { BaseMap, MapOverlay, useFillHeight, useShown } from '../../../map';
import mapStyles from '../../../map/map.module.css';
import { LiveTrailLayer } from '../LiveTrailLayer';
import { LiveVehicleLayer, useLiveVehicle } from '../LiveVehicle';
import styles from '../monitor.module.css';
import { StateTag } from '../VehicleFacts';
import { realTimePath } from '../vehicleLinks';

const t = texts.monitor;

/**
 * 单车跟踪 (/monitor/real-time-one/:vinCode): the compact view of one vehicle — the map follows it,
 * a small card tells speed, state, time and place.
 */
export default function RealTimeOnePage() {
  const { vinCode = '' } = useParams();
  const vin = vinCode.toUpperCase();
  const navigate = useNavigate();
  const page = useRef<HTMLDivElement>(null);
  const height = useFillHeight(page);
  const shown = useShown(page);
  const { data, trail } = useLiveVehicle(vin, shown);

  return (
    <div ref={page} className={styles.compactOne} style={{ height }}>
      <BaseMap
        center={MAP_PICKER_CENTER}
        zoom={ROUTE_MAP_MIN_ZOOM}
        minZoom={4}
        maxZoom={ROUTE_MAP_MAX_ZOOM}
        label={t.card.realTimeOne}
      >
        <LiveTrailLayer trail={trail} />
        <LiveVehicleLayer info={data} follow />
        <MapOverlay position="topLeft">
          <section className={`${mapStyles.panel} ${styles.compactCard}`} aria-label={t.realTime.live}>
            {data ? (
              <>
                <div className={styles.compactTitle}>
                  <span>{data.carNo}</span>
                  <StateTag vehicle={data} />
                </div>
                <div>
                  {t.card.speed}：{t.card.kmh(data.speed)}
                </div>
                <div>
                  {t.card.reportTime}：{data.reportTime || t.card.none}
                </div>
                <div>
                  {t.card.place}：{data.place || t.card.none}
                </div>
                <Button
                  type="link"
                  size="small"
                  style={{ paddingInline: 0 }}
                  onClick={() => navigate(realTimePath(vin))}
                >
                  {t.realTime.openFull}
                </Button>
              </>
            ) : (
              <Spin />
            )}
          </section>
        </MapOverlay>
      </BaseMap>
    </div>
  );
}
