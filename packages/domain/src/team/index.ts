export * from './team-code';
export * from './team-tree';
