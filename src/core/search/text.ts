/**
 * `search_term` over SQLite full-text search (FTS5). A subject's names, e-mail, code, cid
 * and phone numbers (as written and as bare digits) are indexed in `subject_fts`, kept in
 * step with the subject row by triggers, so an index entry changes in the same transaction
 * as its row. Each table says how its entries are keyed (a TextKey); the keys of both the
 * service and the mirror follow the list's order by id, so the hits of a word come out
 * in that order and its first page is read without sorting every hit. The unicode61
 * tokenizer folds case and strips accents on both sides ("muller" finds "Müller", "a"
 * finds "ä").
 *
 * Each word of a term must be the start of a word of one of those fields ("mül" finds "Müller",
 * "010-20" finds "(555) 010-2030", "5550102" finds it through its digits); a word made only
 * of digits also finds the subject with that id.
 */
import { phoneDigits } from './expressions';

export const FTS_TABLE = 'subject_fts';

const TEXT_COLUMNS = ['first_name', 'last_name', 'middle_initial', 'email', 'code', 'cid', 'phone', 'mobile_phone', 'work_phone'] as const;
const PHONE_COLUMNS = ['phone', 'mobile_phone', 'work_phone'] as const;

/** The index's columns and their values as SQL over `alias` (NEW or OLD in a trigger, or a
 *  table alias). One column per field, so a phrase ("garcia.n06") never runs across two. */
function indexedValues(alias: string): { columns: string[]; values: string[] } {
  const columns = [...TEXT_COLUMNS, ...PHONE_COLUMNS.map((c) => `${c}_digits`)];
  const values = [...TEXT_COLUMNS.map((c) => `${alias}.${c}`), ...PHONE_COLUMNS.map((c) => phoneDigits(`${alias}.${c}`))];
  return { columns, values };
}

/** How a subjects table keys its full-text entries. */
export interface TextKey {
  /** The key of the subject row `alias`, as SQL. */
  of(alias: string): string;
  /** Columns whose change gives a row another key (its entry is then written again). */
  columns: readonly string[];
}

/** Entries keyed by a column of the row (its rowid). */
const columnKey = (column: string): TextKey => ({ of: (alias) => `${alias}.${column}`, columns: [] });
const keyOf = (key: string | TextKey): TextKey => (typeof key === 'string' ? columnKey(key) : key);

export interface FullTextOptions {
  /** A table whose having a row pauses the triggers, for a writer that indexes a whole
   *  page in one statement instead (an FTS5 write per statement costs about three times
   *  as much as the same rows written by one). */
  pausedBy?: string;
}

/**
 * The full-text table, its triggers and its first filling, for a subjects table keyed by
 * `rowid`. Contentless (the text lives in the subject row) with contentless_delete, so a
 * trigger can drop an entry by rowid alone. An update re-indexes only when an indexed value
 * changed, so re-pulling unchanged subjects writes nothing to the index.
 */
export function fullTextSql(subjects: string, rowid: string | TextKey, options: FullTextOptions = {}): string {
  const key = keyOf(rowid);
  const { columns } = indexedValues('NEW');
  const list = columns.join(', ');
  const values = (alias: string) => indexedValues(alias).values.join(', ');
  const changed = [...indexedValues('OLD').values.map((old, i) => `(${old}) IS NOT (${indexedValues('NEW').values[i]})`), ...(key.columns.length > 0 ? [`${key.of('OLD')} IS NOT ${key.of('NEW')}`] : [])].join(' OR ');
  const running = options.pausedBy ? `NOT EXISTS (SELECT 1 FROM ${options.pausedBy})` : null;
  const when = (condition: string | null) => [condition, running].filter(Boolean).map((c) => `(${c})`).join(' AND ');
  const whenClause = (condition: string | null) => (when(condition) ? `WHEN ${when(condition)} ` : '');
  return `
CREATE VIRTUAL TABLE ${FTS_TABLE} USING fts5(${list}, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
${indexAllSql(subjects, rowid)};
CREATE TRIGGER ${FTS_TABLE}_insert AFTER INSERT ON ${subjects} ${whenClause(null)}BEGIN
  INSERT INTO ${FTS_TABLE} (rowid, ${list}) VALUES (${key.of('NEW')}, ${values('NEW')});
END;
CREATE TRIGGER ${FTS_TABLE}_update AFTER UPDATE OF ${[...TEXT_COLUMNS, ...key.columns].join(', ')} ON ${subjects}
${whenClause(changed)}BEGIN
  DELETE FROM ${FTS_TABLE} WHERE rowid = ${key.of('OLD')};
  INSERT INTO ${FTS_TABLE} (rowid, ${list}) VALUES (${key.of('NEW')}, ${values('NEW')});
END;
CREATE TRIGGER ${FTS_TABLE}_delete AFTER DELETE ON ${subjects} ${whenClause(null)}BEGIN
  DELETE FROM ${FTS_TABLE} WHERE rowid = ${key.of('OLD')};
END;
`;
}

/** Indexes every row of `subjects` (into an index that holds none of them). */
export function indexAllSql(subjects: string, key: string | TextKey): string {
  const { columns, values } = indexedValues(subjects);
  const of = typeof key === 'string' ? key : key.of(subjects);
  return `INSERT INTO ${FTS_TABLE} (rowid, ${columns.join(', ')}) SELECT ${of}, ${values.join(', ')} FROM ${subjects}`;
}

/** Indexes the rows whose `rowid` column is in the JSON list parameter (not indexed yet). */
export function indexRowsSql(subjects: string, rowid: string, key: TextKey): string {
  return `${indexAllSql(subjects, key)} WHERE ${subjects}.${rowid} IN (SELECT value FROM json_each(?))`;
}

/** Drops the index entries of the rows whose `rowid` column is in the JSON list parameter,
 *  by the keys they have now. */
export function unindexRowsSql(subjects: string, rowid: string, key: TextKey): string {
  return `DELETE FROM ${FTS_TABLE} WHERE rowid IN (SELECT ${key.of(subjects)} FROM ${subjects} WHERE ${subjects}.${rowid} IN (SELECT value FROM json_each(?)))`;
}

/** One word as an FTS5 query: a quoted phrase (so no word is read as an operator) that
 *  matches as a prefix. The phrase is split into tokens by the same tokenizer. */
export function prefixQuery(word: string): string {
  return `"${word.replace(/"/g, '""')}"*`;
}
