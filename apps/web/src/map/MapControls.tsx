import { SPEED_BANDS } from '@fleet/domain';
import { Segmented, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { texts } from '../locales';
import { useMapState } from './MapContext';
import styles from './map.module.css';
import { hasSatellite, type MapType } from './tiles';
import { VEHICLE_COLORS, VEHICLE_LOOK_TEXT, type VehicleLook } from './vehicleStyle';

const POSITIONS = {
  topLeft: styles.topLeft,
  topRight: styles.topRight,
  bottomLeft: styles.bottomLeft,
} as const;

/** A box of controls over a corner of the map (outside Leaflet's container: clicks stay here). */
export function MapOverlay({
  position,
  children,
}: {
  position: keyof typeof POSITIONS;
  children: ReactNode;
}) {
  return <div className={POSITIONS[position]}>{children}</div>;
}

/** 标准 / 卫星: satellite only where the provider has it. */
export function MapTypeSwitch({ value, onChange }: { value: MapType; onChange: (type: MapType) => void }) {
  const { provider } = useMapState();
  const satellite = hasSatellite(provider);
  return (
    <div className={styles.toolbar}>
      <Segmented<MapType>
        size="small"
        value={satellite ? value : 'normal'}
        onChange={onChange}
        options={[
          { label: texts.map.normal, value: 'normal' },
          {
            label: satellite ? (
              texts.map.satellite
            ) : (
              <Tooltip title={texts.map.noSatellite}>
                <span>{texts.map.satellite}</span>
              </Tooltip>
            ),
            value: 'satellite',
            disabled: !satellite,
          },
        ]}
      />
    </div>
  );
}

/**
 * Legend of the five speed bands of the track: a panel over the map, or `inline` as one row
 * beside it (playback maps, where nothing may cover the track).
 */
export function SpeedLegend({ inline = false }: { inline?: boolean }) {
  if (inline) {
    return (
      <section className={styles.legendInline} aria-label={texts.map.legend}>
        <span className={styles.legendTitle}>{texts.map.legend}</span>
        {SPEED_BANDS.map((band) => (
          <span key={band.label} className={styles.legendRow}>
            <span className={styles.legendSwatch} style={{ background: band.color }} />
            <span>{band.label}</span>
          </span>
        ))}
      </section>
    );
  }
  return (
    <section className={styles.legend} aria-label={texts.map.legend}>
      <div className={styles.legendTitle}>{texts.map.legend}</div>
      {SPEED_BANDS.map((band) => (
        <div key={band.label} className={styles.legendRow}>
          <span className={styles.legendSwatch} style={{ background: band.color }} />
          <span>{band.label}</span>
        </div>
      ))}
    </section>
  );
}

const LOOKS: VehicleLook[] = ['moving', 'parked', 'offline', 'alarm'];

/** Legend of the vehicle colours: 行驶, 停车, 离线, 报警. */
export function VehicleLegend({ counts }: { counts?: Partial<Record<VehicleLook, number>> }) {
  return (
    <div className={styles.legend}>
      {LOOKS.map((look) => (
        <div key={look} className={styles.legendRow}>
          <span className={styles.legendDot} style={{ background: VEHICLE_COLORS[look] }} />
          <span>
            {VEHICLE_LOOK_TEXT[look]}
            {counts?.[look] !== undefined ? ` ${counts[look]}` : ''}
          </span>
        </div>
      ))}
    </div>
  );
}
