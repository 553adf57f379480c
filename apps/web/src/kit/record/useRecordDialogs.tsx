import { Form } from 'antd';
import { type ReactNode, type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { UserInfo } from '../../api/session';
import { texts } from '../../locales';
import { useShell } from '../../shell/ShellContext';
import { FormDialog } from '../dialog/FormDialog';
import type { DialogStatus } from '../dialog/status';
import { ImportDialog } from '../import/ImportDialog';
import type { ListPageHandle } from '../list/ListPage';
import { type RowConfirm, useListExport, useRowConfirm } from '../list/listActions';
import { OperationLogDialog } from '../log/OperationLogDialog';
import {
  type DeleteTexts,
  hasFormDialog,
  type RecordDef,
  type RecordDialogDef,
  type RecordRow,
  type ValidTexts,
} from './recordDef';

const t = texts.kit.record;

/** What a record page does with its rows; stable between renders. */
export interface RecordActions<Row extends RecordRow> {
  /** Give it to the page's `ListPage` as `ref`: the dialogs reload the list through it. */
  list: RefObject<ListPageHandle | null>;
  user: UserInfo;
  /** The form dialog, or the add page of a record with a `formPage`. */
  openAdd: () => void;
  /** The form dialog, or the edit page of a record with a `formPage`. */
  openEdit: (row: Row) => void;
  /** The form dialog, read only (none for a record with a `formPage` only). */
  openPreview: (row: Row) => void;
  openLog: (row: Row) => void;
  openImport: () => void;
  /** Asks to enable a disabled row or disable an enabled one, then calls `valid`. */
  toggle: (row: Row) => void;
  /** Asks to delete the rows, then calls `delete`. */
  remove: (rows: Row[]) => void;
  /** Asks, runs and reloads the list: for the record's own row actions (e.g. 解绑). */
  confirm: (action: RowConfirm) => void;
  /** Whether the user may change the row. */
  canChange: (row: Row) => boolean;
}

export interface RecordDialogs<Row extends RecordRow> {
  actions: RecordActions<Row>;
  /** The toolbar's 导出: the current search query to the export call. */
  exportList: (query: Record<string, unknown>) => void;
  /** The form (unless add and edit are on a page), import and log dialogs: render it once in the page. */
  dialogs: ReactNode;
}

/**
 * The dialogs of a record page and the actions opening them: the form dialog (add, edit, preview) or
 * the record's add and edit pages (`formPage`), 批量导入 (server mode), 操作日志, and the confirmed
 * enable/disable and delete.
 */
export function useRecordDialogs<Row extends RecordRow, Fields extends object>(
  record: RecordDef<Row, Fields>,
): RecordDialogs<Row> {
  const { user } = useShell();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const list = useRef<ListPageHandle>(null);
  const confirm = useRowConfirm(() => list.current?.reload());
  const exportList = useListExport(record.api.exportList, record.texts.exported);
  const [form, setForm] = useState<{ status: DialogStatus; row?: Row } | undefined>();
  const [logOf, setLogOf] = useState<Row | undefined>();
  const [importing, setImporting] = useState(false);

  const toggle = useCallback(
    (row: Row) => {
      const v = record.texts as ValidTexts;
      const next = row.valid === 1 ? 0 : 1;
      confirm({
        content: next === 0 ? v.confirmDisable(record.nameOf(row)) : v.confirmEnable(record.nameOf(row)),
        run: () => record.api.setValid(row.id, next),
        done: v.statusChanged,
      });
    },
    [confirm, record],
  );
  const remove = useCallback(
    (rows: Row[]) => {
      const d = record.texts as DeleteTexts;
      const [first] = rows;
      confirm({
        content:
          rows.length === 1 && first
            ? d.confirmDelete(record.nameOf(first))
            : d.confirmDeleteMany(rows.length),
        run: () => record.api.remove(rows.map((r) => r.id)),
        done: d.deleted,
      });
    },
    [confirm, record],
  );

  const actions = useMemo<RecordActions<Row>>(
    () => ({
      list,
      user,
      openAdd: () => {
        if (record.formPage) navigate(record.formPage.add(pathname));
        else setForm({ status: 'add' });
      },
      openEdit: (row) => {
        if (record.formPage) navigate(record.formPage.edit(row, pathname));
        else setForm({ status: 'edit', row });
      },
      openPreview: (row) => setForm({ status: 'preview', row }),
      openLog: setLogOf,
      openImport: () => setImporting(true),
      toggle,
      remove,
      confirm,
      canChange: (row) => record.canChange(row, user),
    }),
    [record, user, toggle, remove, confirm, navigate, pathname],
  );

  const { importUrl, templateUrl } = record.api;
  const dialogs = (
    <>
      {form && hasFormDialog(record) && (
        <RecordFormDialog
          record={record}
          status={form.status}
          row={form.row}
          user={user}
          onClose={() => setForm(undefined)}
          onSaved={() => void list.current?.reload()}
        />
      )}
      {importUrl && (
        <ImportDialog
          mode="server"
          open={importing}
          title={record.texts.importTitle}
          accept={['.xlsx']}
          uploadUrl={importUrl}
          templateUrl={templateUrl}
          templateName={t.importTemplate(record.texts.entity)}
          onClose={() => setImporting(false)}
          onImported={(result) => {
            if (record.reloadAfterImportErrors || !result?.errors?.length) void list.current?.reload();
          }}
        />
      )}
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf?.id}
        pageEnum={record.meta.pageEnum}
        onClose={() => setLogOf(undefined)}
      />
    </>
  );
  return { actions, exportList, dialogs };
}

interface RecordFormDialogProps<Row extends RecordRow, Fields extends object> {
  record: RecordDialogDef<Row, Fields>;
  status: DialogStatus;
  /** The edited or previewed row; none when adding. */
  row?: Row;
  user: UserInfo;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增… / 编辑… / 查看… of a record: its form items, filled from the row or the add values. */
export function RecordFormDialog<Row extends RecordRow, Fields extends object>({
  record,
  status,
  row,
  user,
  onClose,
  onSaved,
}: RecordFormDialogProps<Row, Fields>) {
  const [form] = Form.useForm<Fields>();
  const initialValues = useMemo(
    () => (row ? record.editValues(row) : record.addValues(user)),
    [record, row, user],
  );
  const submit = (values: Fields) => {
    const fields = record.toFields ? record.toFields(values) : values;
    return row ? record.api.edit({ ...fields, id: row.id }) : record.api.add(fields);
  };
  const { FormItems } = record;
  return (
    <FormDialog<Fields>
      open
      status={status}
      form={form}
      entityName={record.texts.entity}
      width={record.formWidth}
      initialValues={initialValues}
      onSubmit={submit}
      onSaved={onSaved}
      onClose={onClose}
    >
      <FormItems form={form} status={status} row={row} />
    </FormDialog>
  );
}
