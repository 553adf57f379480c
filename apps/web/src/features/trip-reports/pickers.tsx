import { fetchVehicleOptions, type VehicleOption } from '../../api/common';
import { type RemoteOption, RemoteSelect, type RemoteValue } from '../../kit';
import { texts } from '../../locales';
import { fetchDriverOptions, fetchRouteOptions } from './api';

const pleaseSelect = texts.kit.common.pleaseSelect;

interface PickerProps {
  id?: string;
  value?: RemoteValue | null;
  onChange?: (value: RemoteValue | undefined) => void;
  selected?: RemoteOption[];
  width?: number;
}

const fetchTrucks = (pageNum: number, pageSize: number, keyword: string) =>
  fetchVehicleOptions(pageNum, pageSize, keyword);

/** A truck by its plate, as its id. */
export function TruckPicker({ selected, width, ...rest }: PickerProps) {
  return (
    <RemoteSelect<VehicleOption>
      {...rest}
      allowClear
      fetchOptions={fetchTrucks}
      toOption={(v) => ({ value: Number(v.id), label: v.value })}
      selectedOptions={selected}
      placeholder={pleaseSelect}
      style={{ width: width ?? '100%' }}
    />
  );
}

/** A driver of the caller's teams (/tripReport/queryDriver), as its id. */
export function DriverPicker({ selected, width, ...rest }: PickerProps) {
  return (
    <RemoteSelect<{ id: number; value: string }>
      {...rest}
      allowClear
      fetchOptions={fetchDriverOptions}
      toOption={(d) => ({ value: d.id, label: d.value })}
      selectedOptions={selected}
      placeholder={pleaseSelect}
      style={{ width: width ?? '100%' }}
    />
  );
}

/** A line (/tripReport/queryRoute), as its id. */
export function RoutePicker({ selected, width, ...rest }: PickerProps) {
  return (
    <RemoteSelect<{ id: number; value: string }>
      {...rest}
      allowClear
      fetchOptions={fetchRouteOptions}
      toOption={(l) => ({ value: l.id, label: l.value })}
      selectedOptions={selected}
      placeholder={pleaseSelect}
      style={{ width: width ?? '100%' }}
    />
  );
}
