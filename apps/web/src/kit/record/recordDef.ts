import { isInSubtree, type RecordMeta, type RecordPaths } from '@fleet/domain';
import type { FormInstance } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { type RecordApi, recordApi } from '../../api/records';
import type { UserInfo } from '../../api/session';
import type { DialogStatus } from '../dialog/status';
import type { ListColumn } from '../list/ListPage';
import type { SearchField } from '../list/SearchForm';
import type { RecordActions } from './useRecordDialogs';

/** What the kit needs of a listed row. */
export interface RecordRow {
  id: number;
  /** The owning team: only rows of the user's subtree are changed (see `canChange`). */
  teamCode?: string;
  /** 1 enabled, 0 disabled: for records with a valid call. */
  valid?: 0 | 1;
}

/** What every stored record type's row answers besides its own fields: its team, remark and times. */
export interface StoredRecordRow {
  id: number;
  teamCode: string;
  teamName: string;
  remark: string;
  createTime: string;
  updateTime: string;
}

/** Texts of every record page; a feature's locale texts satisfy them as they are. */
export interface RecordTexts {
  /** Named in the dialog titles and the template's name: 新增客户, 客户导入模板.xlsx. */
  entity: string;
  /** Title of the import dialog, e.g. 批量导入客户. */
  importTitle: string;
  /** Notice after an export. */
  exported: (filename: string) => string;
  /** The 操作日志 link. */
  log: string;
}

/** Texts of enabling and disabling, needed when the record has a valid call. */
export interface ValidTexts {
  /** Title of the status column. */
  valid: string;
  /** The status tags. */
  enabled: string;
  disabled: string;
  /** The row links. */
  enable: string;
  disable: string;
  confirmEnable: (name: string) => string;
  confirmDisable: (name: string) => string;
  /** Notice after the change. */
  statusChanged: string;
}

/** Texts of deleting, needed when the record has a delete call. */
export interface DeleteTexts {
  confirmDelete: (name: string) => string;
  confirmDeleteMany: (count: number) => string;
  /** Notice after the delete. */
  deleted: string;
  /** A toolbar button deleting the selected rows, when given. */
  batchDelete?: string;
}

/** What the form items of a record's dialog get. */
export interface RecordFormProps<Fields extends object, Row extends RecordRow = RecordRow> {
  /** The dialog's form, e.g. for `Form.useWatch` of dependent fields. */
  form: FormInstance<Fields>;
  status: DialogStatus;
  /** The edited or previewed row; none when adding. */
  row?: Row;
}

/**
 * Add and edit on a page of their own (e.g. a fence drawn on a map, a table of stations) instead of
 * the form dialog: the toolbar's 新增 and the row's 编辑 go to these paths, and are shown even when
 * the page saves by calls of its own (not the meta's add and edit paths). `listPath` is the path of
 * the list page, for a record listed under several menus.
 */
export interface RecordFormPage<Row extends RecordRow> {
  add: (listPath: string) => string;
  edit: (row: Row, listPath: string) => string;
}

/** The web definition of a business record type: one per type, e.g. features/customers/customer.record.tsx. */
export interface RecordDefInput<Row extends RecordRow, Fields extends object> {
  /** The part shared with the server: paths, operation-log page, labels. */
  meta: RecordMeta;
  texts: RecordTexts & Partial<ValidTexts> & Partial<DeleteTexts>;
  /** Names the list in the cache. */
  listKey: string;
  /** Page key of the saved column settings; `listKey` by default. */
  columnSettingsKey?: string;
  searchFields: readonly SearchField[];
  /** The record's own columns; the 操作 column follows them. */
  columns: readonly ListColumn<Row>[];
  /** Width of the 操作 column; 170 by default. */
  actionsWidth?: number;
  /**
   * Calls of the common shape that the server serves as the record's own routes rather than from
   * the meta's paths (e.g. a truck's /truck/delete): the web calls them as it calls those.
   */
  ownPaths?: Partial<RecordPaths>;
  /** Turns the search form's query into what the list and export calls take, e.g. `teamListQuery`. */
  toQuery?: (query: Record<string, unknown>) => Record<string, unknown>;
  /** The delete call takes one row as `{ id }` (its older form), so there is no 批量删除. */
  deleteById?: boolean;
  /** Names a row in confirmations. */
  nameOf: (row: Row) => string;
  /** Add and edit on a page of their own instead of the form dialog; the dialog's parts are then not needed. */
  formPage?: RecordFormPage<Row>;
  /** The dialog's `Form.Item`s (needed without `formPage`). */
  FormItems?: ComponentType<RecordFormProps<Fields, Row>>;
  /** Width of the form dialog, when not the usual one. */
  formWidth?: number;
  /** Values of a new record, e.g. the user's team (needed without `formPage`). */
  addValues?: (user: UserInfo) => Partial<Fields>;
  /** Values of the edited or previewed row (needed without `formPage`). */
  editValues?: (row: Row) => Partial<Fields>;
  /** Turns the validated values into the submitted fields (e.g. trims); as they are by default. */
  toFields?: (values: Fields) => Fields;
  /**
   * Whether the user may edit, enable/disable or delete the row; by default when the row is in the
   * user's team subtree (rows of the teams above are read and picked, never changed).
   */
  canChange?: (row: Row, user: UserInfo) => boolean;
  /** More row links, after the built-in ones and before 操作日志 (see `rowActionsAt`). */
  rowActions?: (row: Row, actions: RecordActions<Row>) => ReactNode;
  /** Where `rowActions` go: before 编辑 ('first'), before 删除 ('beforeDelete'); before 操作日志 by default. */
  rowActionsAt?: 'first' | 'beforeDelete';
  /** More toolbar buttons, after the built-in ones. */
  toolbarExtra?: (actions: RecordActions<Row>) => ReactNode;
  /** The list is reloaded after an import that refused rows too (only after a clean one by default). */
  reloadAfterImportErrors?: boolean;
}

export interface RecordDef<Row extends RecordRow, Fields extends object> extends RecordDefInput<Row, Fields> {
  /** The calls made from `meta.paths`. */
  api: RecordApi<Row, Fields>;
  canChange: (row: Row, user: UserInfo) => boolean;
}

/** Rows of the user's team subtree. */
export function inOwnSubtree(row: RecordRow, user: UserInfo): boolean {
  return row.teamCode !== undefined && isInSubtree(row.teamCode, user.team.teamCode);
}

const VALID_TEXTS = [
  'valid',
  'enabled',
  'disabled',
  'enable',
  'disable',
  'confirmEnable',
  'confirmDisable',
  'statusChanged',
];
const DELETE_TEXTS = ['confirmDelete', 'confirmDeleteMany', 'deleted'];
const DELETE_ONE_TEXTS = ['confirmDelete', 'deleted'];

/** The search form's query with its one team as `teamCodeList` (that team's subtree), as some lists take it. */
export function teamListQuery(query: Record<string, unknown>): Record<string, unknown> {
  const { teamCode, ...rest } = query;
  return { ...rest, ...(teamCode ? { teamCodeList: [String(teamCode)] } : {}) };
}

/** A definition whose add and edit are in the form dialog. */
export type RecordDialogDef<Row extends RecordRow, Fields extends object> = RecordDef<Row, Fields> &
  Required<Pick<RecordDef<Row, Fields>, 'FormItems' | 'addValues' | 'editValues'>>;

/** Whether the record's add and edit are in the form dialog (it has its form items and values). */
export function hasFormDialog<Row extends RecordRow, Fields extends object>(
  record: RecordDef<Row, Fields>,
): record is RecordDialogDef<Row, Fields> {
  return record.FormItems !== undefined && record.addValues !== undefined && record.editValues !== undefined;
}

const DIALOG_PARTS = ['FormItems', 'addValues', 'editValues'] as const;

/**
 * Declares a record type's web part and makes its calls. Throws when the record has a valid or
 * delete call but not the texts of its links and confirmations, or an add or edit call but neither
 * a form page nor the dialog's parts.
 */
export function defineRecord<Row extends RecordRow, Fields extends object>(
  input: RecordDefInput<Row, Fields>,
): RecordDef<Row, Fields> {
  const meta = input.ownPaths
    ? { ...input.meta, paths: { ...input.meta.paths, ...input.ownPaths } }
    : input.meta;
  const { paths } = meta;
  const needed = [
    ...(paths.valid ? VALID_TEXTS : []),
    ...(paths.delete ? (input.deleteById ? DELETE_ONE_TEXTS : DELETE_TEXTS) : []),
  ];
  const missing = needed.filter((key) => !(key in input.texts));
  if (missing.length > 0)
    throw new Error(`The record '${input.meta.key}' lacks the texts ${missing.join(', ')}`);
  const lacking = DIALOG_PARTS.filter((key) => input[key] === undefined);
  if ((paths.add || paths.edit) && !input.formPage && lacking.length > 0)
    throw new Error(`The record '${input.meta.key}' lacks a formPage or ${lacking.join(', ')}`);
  const api = recordApi<Row, Fields>(meta, {
    listByQuery: meta.listByQuery,
    exportMethod: meta.exportMethod,
    toQuery: input.toQuery,
    deleteById: input.deleteById,
  });
  return { canChange: inOwnSubtree, ...input, meta, api };
}
