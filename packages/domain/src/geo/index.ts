export * from './distance';
export * from './fence';
