import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { fetchVehicleOptions, type VehicleOption } from '../../api/common';
import { fetchFeeTypeOptions } from '../../api/waybills';
import { DriverSelect, RemoteSelect, type SearchField } from '../../kit';
import { texts } from '../../locales';

// The truck, driver and fee type filters of 应付对账 and the fee ledgers, sent as the ids the
// reports take (truckId, driverId, feeTypeId).

const pleaseSelect = texts.kit.common.pleaseSelect;

const fetchTrucks = (pageNum: number, pageSize: number, keyword: string) =>
  fetchVehicleOptions(pageNum, pageSize, keyword);

/** 车牌号: a truck of the merchant picked by its plate, sent as truckId. */
export const truckSearchField = (label: string): SearchField => ({
  name: 'truckId',
  label,
  type: 'custom',
  control: (
    <RemoteSelect<VehicleOption>
      fetchOptions={fetchTrucks}
      toOption={(v) => ({ value: Number(v.id), label: v.value })}
      placeholder={pleaseSelect}
      allowClear
      style={{ width: 160 }}
    />
  ),
});

/** 司机: a driver of the merchant, sent as driverId. */
export const driverSearchField = (label: string): SearchField => ({
  name: 'driverId',
  label,
  type: 'custom',
  control: <DriverSelect style={{ width: 160 }} />,
});

function FeeTypeSelect(props: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
}) {
  const types = useQuery({ queryKey: ['waybills', 'feeTypes'], queryFn: fetchFeeTypeOptions });
  return (
    <Select
      {...props}
      allowClear
      loading={types.isFetching}
      placeholder={pleaseSelect}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 140 }}
      options={(types.data ?? []).map((ft) => ({ value: ft.id, label: ft.feeName }))}
    />
  );
}

/** 费用类型: one of the merchant's fee types, sent as feeTypeId. */
export const feeTypeSearchField = (label: string): SearchField => ({
  name: 'feeTypeId',
  label,
  type: 'custom',
  control: <FeeTypeSelect />,
});
