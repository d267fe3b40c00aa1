export * from './errors';
export * from './imports';
export * from './subjects';
export * from './app-api';
