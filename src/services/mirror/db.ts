import type Database from 'better-sqlite3';

/**
 * A mirror connection. Its own module so the query modules can name it without importing
 * open.ts, which itself runs queries (a bulk load cut short is finished on open).
 */
export type MirrorDb = Database.Database;
