export * from './driving';
export * from './format';
export * from './layout';
export * from './map';
export * from './request';
export * from './uploads';
export * from './voice';
