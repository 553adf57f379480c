export * from './alarm-categories';
export * from './alarm-jump';
export * from './alarms';
export * from './enum-label';
export * from './enums';
export * from './fuel-types';
export * from './operate-log-pages';
export * from './speed-bands';
