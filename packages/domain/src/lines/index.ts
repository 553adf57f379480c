export * from './kinds';
export * from './station-table';
