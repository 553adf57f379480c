import { VEHICLE_SEARCH_MIN_CHARS } from '@fleet/domain';
import { type CSSProperties, useCallback, useMemo, useState } from 'react';
import { fetchVehicleOptions, type VehicleFilter, type VehicleOption } from '../../api/common';
import { texts } from '../../locales';
import { readPlateHistory, rememberPlate } from './plateHistory';
import { type RemoteOption, RemoteSelect, type RemoteValue } from './RemoteSelect';

export interface VehiclePlateSelectProps {
  id?: string;
  /** Plate number(s). */
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined, vehicles: VehicleOption[]) => void;
  multiple?: boolean;
  /** Search only with at least 2 characters; fewer show the history. */
  searchBy2?: boolean;
  /** Only vehicles of these teams. */
  teamCodeList?: string[];
  vin?: string;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
}

const toOption = (vehicle: VehicleOption): RemoteOption => ({
  value: vehicle.value,
  label: vehicle.value,
  disabled: vehicle.disabled,
});
const fetchPage = (pageNum: number, pageSize: number, carNo: string, filter: VehicleFilter) =>
  fetchVehicleOptions(pageNum, pageSize, carNo, filter);
const atLeastTwo = (keyword: string) => [...keyword.trim()].length >= VEHICLE_SEARCH_MIN_CHARS;

/**
 * Vehicle plate picker over POST /truck/no/car/list: remote search, 20 a page, and the last 10
 * chosen plates (localStorage carHistory) while the search box is empty.
 */
export function VehiclePlateSelect({
  searchBy2,
  teamCodeList,
  vin,
  onChange,
  ...rest
}: VehiclePlateSelectProps) {
  const [history, setHistory] = useState(readPlateHistory);
  const idleOptions = useMemo(() => history.map((plate) => ({ value: plate, label: plate })), [history]);
  const extra = useMemo<VehicleFilter>(() => ({ teamCodeList, vin }), [teamCodeList, vin]);
  const change = useCallback(
    (next: RemoteValue | undefined, vehicles: VehicleOption[]) => {
      const plates = (next === undefined ? [] : Array.isArray(next) ? next : [next]).map(String);
      for (const plate of plates) setHistory(rememberPlate(plate));
      onChange?.(next === undefined ? undefined : Array.isArray(next) ? plates : String(next), vehicles);
    },
    [onChange],
  );
  return (
    <RemoteSelect<VehicleOption, VehicleFilter>
      {...rest}
      placeholder={rest.placeholder ?? texts.kit.pickers.plateSearchPlaceholder}
      fetchOptions={fetchPage}
      extra={extra}
      toOption={toOption}
      idleOptions={idleOptions}
      acceptsKeyword={searchBy2 ? atLeastTwo : undefined}
      selectedOptions={selectedPlates(rest.value)}
      onChange={change}
    />
  );
}

function selectedPlates(value: string | string[] | null | undefined): RemoteOption[] {
  const plates = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  return plates.map((plate) => ({ value: plate, label: plate }));
}
