/**
 * `search_term` over SQLite full-text search (FTS5). A subject's names, e-mail, code, cid
 * and phone numbers (as written and as bare digits) are indexed in `subject_fts`, keyed
 * by the subject's rowid and kept in step with the subject row by triggers, so an
 * index entry changes in the same transaction as its row. The unicode61 tokenizer folds
 * case and strips accents on both sides ("muller" finds "Müller", "a" finds "ä").
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
export function fullTextSql(subjects: string, rowid: string, options: FullTextOptions = {}): string {
  const { columns } = indexedValues('NEW');
  const list = columns.join(', ');
  const values = (alias: string) => indexedValues(alias).values.join(', ');
  const changed = indexedValues('OLD')
    .values.map((old, i) => `(${old}) IS NOT (${indexedValues('NEW').values[i]})`)
    .join(' OR ');
  const running = options.pausedBy ? `NOT EXISTS (SELECT 1 FROM ${options.pausedBy})` : null;
  const when = (condition: string | null) => [condition, running].filter(Boolean).map((c) => `(${c})`).join(' AND ');
  const whenClause = (condition: string | null) => (when(condition) ? `WHEN ${when(condition)} ` : '');
  return `
CREATE VIRTUAL TABLE ${FTS_TABLE} USING fts5(${list}, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
${indexAllSql(subjects, rowid)};
CREATE TRIGGER ${FTS_TABLE}_insert AFTER INSERT ON ${subjects} ${whenClause(null)}BEGIN
  INSERT INTO ${FTS_TABLE} (rowid, ${list}) VALUES (NEW.${rowid}, ${values('NEW')});
END;
CREATE TRIGGER ${FTS_TABLE}_update AFTER UPDATE OF ${TEXT_COLUMNS.join(', ')} ON ${subjects}
${whenClause(changed)}BEGIN
  DELETE FROM ${FTS_TABLE} WHERE rowid = OLD.${rowid};
  INSERT INTO ${FTS_TABLE} (rowid, ${list}) VALUES (NEW.${rowid}, ${values('NEW')});
END;
CREATE TRIGGER ${FTS_TABLE}_delete AFTER DELETE ON ${subjects} ${whenClause(null)}BEGIN
  DELETE FROM ${FTS_TABLE} WHERE rowid = OLD.${rowid};
END;
`;
}

/** Indexes every row of `subjects` (into an index that holds none of them). */
export function indexAllSql(subjects: string, rowid: string): string {
  const { columns, values } = indexedValues(subjects);
  return `INSERT INTO ${FTS_TABLE} (rowid, ${columns.join(', ')}) SELECT ${rowid}, ${values.join(', ')} FROM ${subjects}`;
}

/** Indexes the rows whose keys are in the JSON list parameter (not indexed yet). */
export function indexRowsSql(subjects: string, rowid: string): string {
  return `${indexAllSql(subjects, rowid)} WHERE ${rowid} IN (SELECT value FROM json_each(?))`;
}

/** Drops the index entries of the keys in the JSON list parameter. */
export function unindexRowsSql(): string {
  return `DELETE FROM ${FTS_TABLE} WHERE rowid IN (SELECT value FROM json_each(?))`;
}

/** One word as an FTS5 query: a quoted phrase (so no word is read as an operator) that
 *  matches as a prefix. The phrase is split into tokens by the same tokenizer. */
export function prefixQuery(word: string): string {
  return `"${word.replace(/"/g, '""')}"*`;
}
