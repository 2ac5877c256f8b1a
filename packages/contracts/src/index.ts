export * from './errors';
export * from './public';
export * from './health';
