import type { OrderBy } from '../contract/subjects';
import type { NormalisedFilters } from '../subjects/filters';
import { addCampaignConditions } from './campaign-conditions';
import { addSubjectConditions, termHits } from './subject-conditions';
import { Conditions, type Fragment } from './sql';
import type { SearchTables } from './tables';

/** A search as SQL: `FROM … WHERE …` with its parameters, and the ORDER BY to page with. */
export interface CompiledSearch {
  fromWhere: string;
  params: unknown[];
  orderBy: string;
}

/** The only sort expressions there are; `order_by` picks one by name and never adds text. */
function orderExpression(t: SearchTables, by: Exclude<OrderBy, 'id'>): string {
  switch (by) {
    case 'first_name':
    case 'last_name':
    case 'email':
      return `s.${by} COLLATE NOCASE`;
    case 'date_of_birth':
      return 's.date_of_birth';
    case 'created_at':
      return t.createdAt('s');
    case 'updated_at':
      return t.updatedAt('s');
    case 'rank':
      return 'cs.rank';
  }
}

export interface CompileOptions {
  /** Conditions every search of this caller carries (the service: the caller's company). */
  scope?: Fragment;
  /** The filter stored on a blast, applied on top (AND); whether archived subjects show
   *  stays the search's own choice. */
  blast?: NormalisedFilters | null;
}

/** Compiles normalised filters over a database's tables (tables.ts). */
export function compileSearch(t: SearchTables, f: NormalisedFilters, today: string, options: CompileOptions = {}): CompiledSearch {
  const params: unknown[] = [];
  let from = `${t.subjects} s`;
  const where = new Conditions();
  const term = f.searchTerms.length > 0;
  if (term) {
    // CROSS JOIN keeps the full-text hits as the outer loop (subject-conditions.ts).
    const [hits, hitParams] = termHits(t, f.searchTerms);
    from = `${hits} hit CROSS JOIN ${t.subjects} s ON ${t.rowid('s')} = ${t.rowOfTextKey('hit.k')}`;
    params.push(...hitParams);
  }
  if (f.campaignId !== null) {
    from += ` LEFT JOIN ${t.standings.table} cs ON cs.campaign_id = ? AND ${t.standings.joinsSubject}`;
    params.push(f.campaignId);
  }
  if (options.scope) where.addFragment(options.scope);
  where.add(t.live('s'));
  addSubjectConditions(where, t, f, today, { archived: true, terms: false });
  addCampaignConditions(where, t, f, today);
  if (options.blast) {
    addSubjectConditions(where, t, options.blast, today, { archived: false, terms: true });
    addCampaignConditions(where, t, options.blast, today);
  }
  const dir = f.orderDir === 'desc' ? 'DESC' : 'ASC';
  const id = t.id('s');
  // A subject made offline has no id yet: it sorts after those the service has, by its key.
  const byId = t.idNullable ? `(${id} IS NULL), ${id} ${dir}, ${t.rowid('s')} ASC` : `${id} ${dir}`;
  if (f.orderBy === 'id') {
    // The hits' keys follow this order (tables.ts): the index hands them over in it, and the
    // first page of a word that a quarter of everyone has is read without sorting them all.
    const orderBy = term && f.orderDir === 'asc' ? 'hit.k ASC' : byId;
    return { fromWhere: `FROM ${from} WHERE ${where.sql()}`, params: [...params, ...where.params], orderBy };
  }
  const expression = orderExpression(t, f.orderBy);
  const tie = t.idNullable ? `(${id} IS NULL), ${id} ASC, ${t.rowid('s')} ASC` : `${id} ASC`;
  return { fromWhere: `FROM ${from} WHERE ${where.sql()}`, params: [...params, ...where.params], orderBy: `(${expression} IS NULL), ${expression} ${dir}, ${tie}` };
}
