import { canAccessPath } from '@fleet/domain';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { Waybill } from '../../api/waybills';
import { ListPage, recordColumns, recordToolbar, useRecordDialogs } from '../../kit';
import { texts } from '../../locales';
import { useShell } from '../../shell/ShellContext';
import { CancelDialog } from './CancelDialog';
import { TabulationDialog } from './TabulationDialog';
import { type WaybillListActions, WaybillListContext, waybillRecord } from './waybill.record';
import { waybillPaths } from './waybillPaths';

const t = texts.waybills;

/**
 * The waybill list: search, columns and their settings, paging, 新增 (the create page), 导入, 导出,
 * 运单制表, row links and the cancel and tabulation dialogs. `?taskCode=YD…` in the address (the jump
 * of reminder 8002) opens that waybill's tabulation at once.
 */
export function WaybillList() {
  const record = waybillRecord;
  const { actions, exportList, dialogs } = useRecordDialogs(record);
  const columns = useMemo(() => recordColumns(waybillRecord, actions), [actions]);
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const { codes } = useShell();
  // 创建运单 has a code of its own (car110101, tc010101): offered to those who hold it
  const mayCreate = canAccessPath(waybillPaths(pathname).create.split('?')[0] ?? '', codes);
  const { onAdd: _add, ...toolbar } = recordToolbar(record, actions, exportList);
  const taskCode = params.get('taskCode') ?? undefined;
  const [tabulating, setTabulating] = useState<{ taskCode?: string } | undefined>();
  const [cancelling, setCancelling] = useState<Waybill | undefined>();
  const shown = tabulating ?? (taskCode ? { taskCode } : undefined);
  const reload = () => void actions.list.current?.reload();
  const listActions = useMemo<WaybillListActions>(
    () => ({ cancel: setCancelling, tabulate: (code) => setTabulating({ taskCode: code }) }),
    [],
  );
  const closeTabulation = () => {
    setTabulating(undefined);
    if (taskCode)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('taskCode');
          return next;
        },
        { replace: true },
      );
  };
  return (
    <WaybillListContext.Provider value={listActions}>
      <ListPage<Waybill>
        ref={actions.list}
        listKey={record.listKey}
        columnSettingsKey={record.listKey}
        fetchList={record.api.list}
        columns={columns}
        rowKey="id"
        searchFields={record.searchFields}
        toolbar={{
          ...toolbar,
          ...(mayCreate ? { onAdd: actions.openAdd } : {}),
          addText: t.create,
          extra: <Button onClick={() => setTabulating({})}>{t.tabulation.title}</Button>,
        }}
      />
      {dialogs}
      <CancelDialog waybill={cancelling} onClose={() => setCancelling(undefined)} onCancelled={reload} />
      <TabulationDialog
        open={shown !== undefined}
        taskCode={shown?.taskCode}
        onClose={closeTabulation}
        onDone={reload}
      />
    </WaybillListContext.Provider>
  );
}
