export * from './address';
export * from './customer';
export * from './driver';
export * from './fee-type';
export * from './line';
export * from './station';
export * from './terminal';
export * from './truck';
export {
  defineRecordMeta,
  importTemplateUrl,
  recordInfoCodes,
  type RecordMeta,
  type RecordPaths,
  recordWriteCodes,
} from './types';
