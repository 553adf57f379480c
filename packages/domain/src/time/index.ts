export * from './duration';
export * from './ranges';
export * from './shanghai';
