export * from './fen';
export * from './profit';
