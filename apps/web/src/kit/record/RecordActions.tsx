import { Space, Tag, Typography } from 'antd';
import { texts } from '../../locales';
import type { ListColumn, ListToolbar } from '../list/ListPage';
import type { SearchField } from '../list/SearchForm';
import type { DeleteTexts, RecordDef, RecordRow, ValidTexts } from './recordDef';
import type { RecordActions } from './useRecordDialogs';

const common = texts.kit.common;

/** The 状态 column of a record with a valid call: 启用 (green) or 停用. */
export function validColumn<Row extends RecordRow>(v: ValidTexts): ListColumn<Row> {
  return {
    key: 'valid',
    dataIndex: 'valid',
    title: v.valid,
    width: 80,
    render: (valid: number) =>
      valid === 1 ? <Tag color="success">{v.enabled}</Tag> : <Tag>{v.disabled}</Tag>,
  };
}

/** The 状态 search field of a record with enable and disable: 启用, 停用, or both when empty. */
export function validSearchField(v: ValidTexts): SearchField {
  return {
    name: 'valid',
    label: v.valid,
    type: 'select',
    width: 110,
    options: [
      { value: 1, label: v.enabled },
      { value: 0, label: v.disabled },
    ],
  };
}

interface RecordRowActionsProps<Row extends RecordRow, Fields extends object> {
  record: RecordDef<Row, Fields>;
  actions: RecordActions<Row>;
  row: Row;
}

/**
 * The row links: 编辑, 启用/停用 and 删除 (those the record has calls or a form page for, on rows the
 * user may change), the record's own (or first, or before 删除: `rowActionsAt`), then 操作日志.
 */
export function RecordRowActions<Row extends RecordRow, Fields extends object>({
  record,
  actions,
  row,
}: RecordRowActionsProps<Row, Fields>) {
  const { paths } = record.meta;
  const v = record.texts as ValidTexts;
  const changeable = actions.canChange(row);
  const own = record.rowActions?.(row, actions);
  const at = record.rowActionsAt;
  return (
    <Space size={12}>
      {at === 'first' && own}
      {changeable && (paths.edit || record.formPage) && (
        <Typography.Link onClick={() => actions.openEdit(row)}>{common.edit}</Typography.Link>
      )}
      {changeable && paths.valid && (
        <Typography.Link type={row.valid === 1 ? 'danger' : undefined} onClick={() => actions.toggle(row)}>
          {row.valid === 1 ? v.disable : v.enable}
        </Typography.Link>
      )}
      {at === 'beforeDelete' && own}
      {changeable && paths.delete && (
        <Typography.Link type="danger" onClick={() => actions.remove([row])}>
          {common.delete}
        </Typography.Link>
      )}
      {at === undefined && own}
      <Typography.Link onClick={() => actions.openLog(row)}>{record.texts.log}</Typography.Link>
    </Space>
  );
}

/** The record's columns followed by 操作 with its row links. */
export function recordColumns<Row extends RecordRow, Fields extends object>(
  record: RecordDef<Row, Fields>,
  actions: RecordActions<Row>,
): ListColumn<Row>[] {
  return [
    ...record.columns,
    {
      key: 'actions',
      title: common.actions,
      locked: true,
      fixed: 'right',
      width: record.actionsWidth ?? 170,
      render: (_, row) => <RecordRowActions record={record} actions={actions} row={row} />,
    },
  ];
}

/** 新增, 导入 and 导出 (those the record has calls or a form page for), 批量删除 when it has the text, then its own buttons. */
export function recordToolbar<Row extends RecordRow, Fields extends object>(
  record: RecordDef<Row, Fields>,
  actions: RecordActions<Row>,
  exportList: (query: Record<string, unknown>) => void,
): ListToolbar<Row> {
  const { paths } = record.meta;
  const batchDelete =
    paths.delete && !record.deleteById ? (record.texts as DeleteTexts).batchDelete : undefined;
  return {
    ...(paths.add || record.formPage ? { onAdd: actions.openAdd } : {}),
    ...(paths.import ? { onImport: actions.openImport } : {}),
    ...(paths.export ? { onExport: exportList } : {}),
    ...(batchDelete
      ? { batchActions: [{ key: 'delete', label: batchDelete, danger: true, onClick: actions.remove }] }
      : {}),
    ...(record.toolbarExtra ? { extra: record.toolbarExtra(actions) } : {}),
  };
}
