export * from './china-areas';
