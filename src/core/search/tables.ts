/**
 * Where a database keeps what a search reads. The filters and slices (compile.ts and the
 * condition modules) are defined once over this description; the reference service and
 * the offline mirror each describe their own tables (src/server/search/tables.ts,
 * src/services/mirror/queries/subjects/search-tables.ts) and so answer a search the same way.
 * Every entry is SQL text made of constants and the alias it is given, never of input.
 */
export interface SearchTables {
  /** The subjects table. */
  subjects: string;
  /** The service's id of a subject (what `selected_subjects`, an id search term and ids answer). */
  id(alias: string): string;
  /** Whether `id` can be NULL (a subject made offline and not sent yet). */
  idNullable: boolean;
  /** The table's own key (its rowid). */
  rowid(alias: string): string;
  /**
   * The key of the subject's entry in the full-text table `subject_fts` (text.ts). Keys
   * must follow the list's order by id ascending (core/search/compile.ts reads a term's
   * first page in key order).
   */
  textKey(alias: string): string;
  /** The subject's rowid for the full-text key `key` (SQL over `key`). */
  rowOfTextKey(key: string): string;
  household(alias: string): string;
  createdAt(alias: string): string;
  updatedAt(alias: string): string;
  /** True for a subject that is still there (a mirror keeps deleted ones until sent). */
  live(alias: string): string;
  /** A row source of the subject's demographic ids: `FROM` text with its `WHERE`, and the id column. */
  demographics(alias: string): { source: string; column: string };
  locations(alias: string): { source: string; column: string };
  /** A row source of the subject's participations, and their date column (YYYY-MM-DD). */
  participations(alias: string): { source: string; date: string };
  /** The campaign standings table and how a standing `cs` joins the subject `s`. */
  standings: { table: string; joinsSubject: string };
  /** True when the standing `cs` holds a demographic that matches a quota of campaign `?`;
   *  the placeholder is given the campaign id. */
  quotaQualified: string;
}
