import { fetchVehicleOptions, type VehicleOption } from '../../api/common';
import { type RemoteOption, RemoteSelect } from '../../kit';
import { texts } from '../../locales';

const fetchTrucks = (pageNum: number, pageSize: number, keyword: string) =>
  fetchVehicleOptions(pageNum, pageSize, keyword);

/** A truck of the merchant picked by its plate; the value is the truck's id. */
export function TruckPicker(props: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  /** The plate of the value chosen before (editing), so it shows. */
  carNo?: string;
  width?: number | string;
  disabled?: boolean;
}) {
  const selected: RemoteOption[] =
    props.value && props.carNo ? [{ value: props.value, label: props.carNo }] : [];
  return (
    <RemoteSelect<VehicleOption>
      id={props.id}
      fetchOptions={fetchTrucks}
      toOption={(v) => ({ value: Number(v.id), label: v.value })}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v === undefined ? undefined : Number(v))}
      selectedOptions={selected}
      placeholder={texts.kit.common.pleaseSelect}
      allowClear
      disabled={props.disabled}
      style={{ width: props.width ?? 160 }}
    />
  );
}
