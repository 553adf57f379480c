import { useEffect, useMemo, useRef } from 'react';
import { ListPage } from '../list/ListPage';
import { recordColumns, recordToolbar } from './RecordActions';
import type { RecordDef, RecordRow } from './recordDef';
import { useRecordDialogs } from './useRecordDialogs';

export interface RecordPageProps<Row extends RecordRow, Fields extends object> {
  record: RecordDef<Row, Fields>;
  /** Opens 新增 as the page opens (a route that stands for the add form, e.g. 新增线路运价). */
  startWithAdd?: boolean;
}

/**
 * The standard list page of a record type: search form, columns with their settings, paging, the
 * toolbar and row links its calls allow, and the form, import and log dialogs.
 */
export function RecordPage<Row extends RecordRow, Fields extends object>({
  record,
  startWithAdd = false,
}: RecordPageProps<Row, Fields>) {
  const { actions, exportList, dialogs } = useRecordDialogs(record);
  const started = useRef(false);
  useEffect(() => {
    if (!startWithAdd || started.current) return;
    started.current = true;
    actions.openAdd();
  }, [startWithAdd, actions]);
  const columns = useMemo(() => recordColumns(record, actions), [record, actions]);
  return (
    <>
      <ListPage<Row>
        ref={actions.list}
        listKey={record.listKey}
        columnSettingsKey={record.columnSettingsKey ?? record.listKey}
        fetchList={record.api.list}
        columns={columns}
        rowKey="id"
        searchFields={record.searchFields}
        toolbar={recordToolbar(record, actions, exportList)}
      />
      {dialogs}
    </>
  );
}
