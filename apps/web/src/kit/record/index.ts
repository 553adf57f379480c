export {
  RecordRowActions,
  recordColumns,
  recordToolbar,
  validColumn,
  validSearchField,
} from './RecordActions';
export { RecordPage, type RecordPageProps } from './RecordPage';
export {
  type DeleteTexts,
  defineRecord,
  hasFormDialog,
  inOwnSubtree,
  type RecordDef,
  type RecordDefInput,
  type RecordDialogDef,
  type RecordFormPage,
  type RecordFormProps,
  type RecordRow,
  type RecordTexts,
  type StoredRecordRow,
  teamListQuery,
  type ValidTexts,
} from './recordDef';
export {
  type RecordActions,
  type RecordDialogs,
  RecordFormDialog,
  useRecordDialogs,
} from './useRecordDialogs';
