/**
 * The page kit: the parts the many list and form pages are made of (spec core sections 2-5, 8, 9).
 * Each component documents itself by its props.
 */
export { FormDialog, type FormDialogProps } from './dialog/FormDialog';
export { assertDialogStatus, type DialogStatus, dialogTitle, submitNotice } from './dialog/status';
export { dateTimeText, orDash } from './format';
export {
  ImportDialog,
  type ImportDialogProps,
  type ImportResult,
  type ImportRowError,
} from './import/ImportDialog';
export { importSelectionError } from './import/importRules';
export { readFirstSheet, type SheetRow } from './import/readSheet';
export {
  type BatchAction,
  type ListColumn,
  type ListFetch,
  ListPage,
  type ListPageHandle,
  type ListPageProps,
  type ListToolbar,
} from './list/ListPage';
export { ListPagination } from './list/ListPagination';
export { type RowConfirm, useListExport, useRowConfirm } from './list/listActions';
export type { PageState } from './list/paging';
export { type SearchField, SearchForm } from './list/SearchForm';
export { OperationLogDialog, type OperationLogDialogProps } from './log/OperationLogDialog';
export { AreaTreeSelect, type AreaTreeSelectProps } from './pickers/AreaTreeSelect';
export {
  CustomerLineItems,
  type CustomerLineTexts,
  CustomerSelect,
  customerSearchField,
  LineSelect,
  lineSearchField,
  type ReferenceSelectProps,
} from './pickers/CustomerLineSelect';
export { DriverSelect, type DriverSelectProps } from './pickers/DriverSelect';
export { HandlerSelect, type HandlerSelectProps } from './pickers/HandlerSelect';
export {
  type RemoteOption,
  RemoteSelect,
  type RemoteSelectProps,
  type RemoteValue,
} from './pickers/RemoteSelect';
export { TeamTreeSelect, type TeamTreeSelectProps, useTeamTree } from './pickers/TeamTreeSelect';
export { VehiclePlateSelect, type VehiclePlateSelectProps } from './pickers/VehiclePlateSelect';
export { ImagePreview, type ImagePreviewProps } from './preview/ImagePreview';
export { kitQueryClient, WithQueryClient } from './query';
export {
  type DeleteTexts,
  defineRecord,
  inOwnSubtree,
  type RecordActions,
  type RecordDef,
  type RecordDefInput,
  type RecordDialogs,
  RecordFormDialog,
  type RecordFormPage,
  type RecordFormProps,
  RecordPage,
  type RecordPageProps,
  type RecordRow,
  RecordRowActions,
  type RecordTexts,
  recordColumns,
  recordToolbar,
  type StoredRecordRow,
  teamListQuery,
  useRecordDialogs,
  type ValidTexts,
  validColumn,
  validSearchField,
} from './record';
export {
  ImageUploader,
  type ImageUploaderHandle,
  type ImageUploaderProps,
  pendingUploadMessage,
} from './upload/ImageUploader';
