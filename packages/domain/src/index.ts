/**
 * @fleet/domain: the rules shared by the web app and the server. Pure TypeScript: no I/O, no Node or
 * DOM APIs.
 */
export * from './access';
export * from './areas';
export * from './catalogue';
export * from './constants';
export * from './fuel';
export * from './geo';
export * from './lines';
export * from './maintenance';
export * from './profit';
export * from './records';
export * from './team';
export * from './time';
export * from './validation';
