export * from './calibration';
export * from './curves';
export * from './detect';
export * from './median';
export * from './states';
export * from './units';
