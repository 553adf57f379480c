export * from './certificates';
export * from './due';
export * from './health';
export * from './reminders';
