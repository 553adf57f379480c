import type { StateCounts } from '../../api/monitor';
import { texts } from '../../locales';
import { VEHICLE_COLORS } from '../../map';
import type { VehicleStateFilter } from './carFilter';
import styles from './monitor.module.css';

const CHIPS: { state: VehicleStateFilter; count: keyof StateCounts; color: string }[] = [
  { state: 'ALL', count: 'total', color: '#1677ff' },
  { state: 'ONLINE', count: 'online', color: '#13a8a8' },
  { state: 'MOVING', count: 'moving', color: VEHICLE_COLORS.moving },
  { state: 'PARKED', count: 'parked', color: VEHICLE_COLORS.parked },
  { state: 'OFFLINE', count: 'offline', color: VEHICLE_COLORS.offline },
  { state: 'ALARM', count: 'alarm', color: VEHICLE_COLORS.alarm },
];

/** 全图监控2.0's state filter: one chip a state with its count; the pressed chip filters map and list. */
export function StateChips({
  value,
  counts,
  onChange,
}: {
  value: VehicleStateFilter;
  counts: StateCounts | undefined;
  onChange: (state: VehicleStateFilter) => void;
}) {
  return (
    <fieldset className={styles.chips} aria-label={texts.monitor.stateFilter}>
      {CHIPS.map((chip) => (
        <button
          key={chip.state}
          type="button"
          className={styles.chip}
          aria-pressed={value === chip.state}
          style={{ '--chip-color': chip.color } as React.CSSProperties}
          onClick={() => onChange(chip.state)}
        >
          <span>{texts.monitor.states[chip.state]}</span>
          <span className={styles.chipCount}>{counts ? counts[chip.count] : '-'}</span>
        </button>
      ))}
    </fieldset>
  );
}
