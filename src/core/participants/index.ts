export * from './catalog';
export * from './demographics';
export * from './directory';
export * from './email';
export * from './locales';
export * from './parser';
export * from './text';
