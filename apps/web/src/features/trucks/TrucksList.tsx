import { useMemo } from 'react';
import type { Truck } from '../../api/trucks';
import { type ListColumn, ListPage, recordColumns, recordToolbar, useRecordDialogs } from '../../kit';
import { texts } from '../../locales';
import { TruckDetailLink, truckRecord } from './truck.record';

const t = texts.trucks;
const common = texts.kit.common;

/** 车辆信息: the record's columns and only the detail link. */
const infoColumns: ListColumn<Truck>[] = [
  ...truckRecord.columns,
  {
    key: 'actions',
    title: common.actions,
    locked: true,
    fixed: 'right',
    width: 80,
    render: (_, truck) => <TruckDetailLink truck={truck}>{t.detail}</TruckDetailLink>,
  },
];

/**
 * The trucks of the user's teams with search, paging and column settings. `readOnly` (车辆信息)
 * offers only the detail and the export; otherwise add, import, export, edit, delete and the
 * operation log, and the way to 车辆信息.
 */
export function TrucksList({ readOnly = false }: { readOnly?: boolean }) {
  const { actions, exportList, dialogs } = useRecordDialogs(truckRecord);
  const columns = useMemo(
    () => (readOnly ? infoColumns : recordColumns(truckRecord, actions)),
    [readOnly, actions],
  );
  const listKey = readOnly ? 'trucks/info' : truckRecord.listKey;
  return (
    <>
      <ListPage<Truck>
        ref={actions.list}
        listKey={listKey}
        columnSettingsKey={listKey}
        title={readOnly ? t.infoTitle : undefined}
        fetchList={truckRecord.api.list}
        columns={columns}
        rowKey="id"
        searchFields={truckRecord.searchFields}
        toolbar={readOnly ? { onExport: exportList } : recordToolbar(truckRecord, actions, exportList)}
      />
      {!readOnly && dialogs}
    </>
  );
}
