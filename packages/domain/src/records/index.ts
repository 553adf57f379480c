export * from './address';
export * from './customer';
export {
  defineRecordMeta,
  importTemplateUrl,
  type RecordMeta,
  type RecordPaths,
  recordWriteCodes,
} from './types';
