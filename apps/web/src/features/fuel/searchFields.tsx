import { FUEL_EVENT_STATE_LABELS } from '@fleet/domain';
import { fetchVehicleOptions, type VehicleOption } from '../../api/common';
import { RemoteSelect, type SearchField } from '../../kit';
import { texts } from '../../locales';

const t = texts.fuel;

/** 车牌号: a truck picked by its plate, sent as truckId. */
export const truckField = (): SearchField => ({
  name: 'truckId',
  label: t.carNo,
  type: 'custom',
  control: (
    <RemoteSelect<VehicleOption>
      fetchOptions={(pageNum, pageSize, keyword) => fetchVehicleOptions(pageNum, pageSize, keyword)}
      toOption={(v) => ({ value: Number(v.id), label: v.value })}
      placeholder={texts.kit.common.pleaseSelect}
      allowClear
      style={{ width: 160 }}
    />
  ),
});

export const teamField = (): SearchField => ({ name: 'teamCode', label: t.team, type: 'team' });

/** 时间范围: Shanghai days, sent as beginTime and endTime. */
export const periodField = (): SearchField => ({
  name: 'period',
  label: t.period,
  type: 'dateRange',
  rangeKeys: ['beginTime', 'endTime'],
});

export const refuelStateField = (): SearchField => ({
  name: 'state',
  label: t.state,
  type: 'select',
  width: 150,
  options: [1, 2].map((v) => ({ value: v, label: FUEL_EVENT_STATE_LABELS[v as 1 | 2] })),
});
