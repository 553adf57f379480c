import { useCallback, useState } from 'react';
import type { StateCounts } from '../../api/monitor';
import type { CarFilterAction } from './carFilter';

/** What both monitoring pages keep beside the stored filter: following, locating, the last counts. */
export function useMonitorControls(dispatch: (action: CarFilterAction) => void) {
  const [followVin, setFollowVin] = useState<string | null>(null);
  const [locate, setLocate] = useState<{ vin: string; seq: number }>();
  const [counts, setCounts] = useState<StateCounts>();

  /** Opens a vehicle's card and brings it into view. */
  const pick = useCallback(
    (vin: string) => {
      dispatch({ type: 'select', vin });
      setLocate((previous) => ({ vin, seq: (previous?.seq ?? 0) + 1 }));
    },
    [dispatch],
  );

  /** Follows a vehicle (its card opens), or stops following. */
  const follow = useCallback(
    (vin: string | null) => {
      if (vin) dispatch({ type: 'select', vin });
      setFollowVin(vin);
    },
    [dispatch],
  );

  return { followVin, follow, locate, pick, counts, setCounts };
}
