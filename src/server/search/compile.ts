import type { OrderBy } from '../../core/contract/subjects';
import type { NormalisedFilters } from '../../core/subjects/filters';
import { addCampaignConditions } from './campaign-conditions';
import { addSubjectConditions } from './subject-conditions';
import { Conditions } from './sql';

/** A search as SQL: `FROM … WHERE …` with its parameters, and the ORDER BY to page with. */
export interface CompiledSearch {
  fromWhere: string;
  params: unknown[];
  orderBy: string;
}

/** The only sort expressions there are; `order_by` picks one by name and never adds text. */
const ORDER_EXPRESSIONS: Record<OrderBy, string> = {
  id: 's.id',
  first_name: 's.first_name COLLATE NOCASE',
  last_name: 's.last_name COLLATE NOCASE',
  email: 's.email COLLATE NOCASE',
  date_of_birth: 's.date_of_birth',
  created_at: 's.created_at',
  updated_at: 's.updated_at',
  rank: 'cs.rank',
};

/**
 * Compiles normalised filters for one company. `blast` is the filter stored on a blast,
 * applied on top (AND); whether archived subjects show stays the search's own choice.
 */
export function compileSearch(f: NormalisedFilters, companyId: number, today: string, blast: NormalisedFilters | null = null): CompiledSearch {
  const params: unknown[] = [];
  let from = 'subjects s';
  if (f.campaignId !== null) {
    from += ' LEFT JOIN campaign_standings cs ON cs.campaign_id = ? AND cs.subject_id = s.id';
    params.push(f.campaignId);
  }
  const where = new Conditions();
  where.add('s.company_id = ?', companyId);
  addSubjectConditions(where, f, today, { archived: true });
  addCampaignConditions(where, f, today);
  if (blast) {
    addSubjectConditions(where, blast, today, { archived: false });
    addCampaignConditions(where, blast, today);
  }
  const dir = f.orderDir === 'desc' ? 'DESC' : 'ASC';
  const expression = ORDER_EXPRESSIONS[f.orderBy];
  const orderBy = f.orderBy === 'id' ? `s.id ${dir}` : `(${expression} IS NULL), ${expression} ${dir}, s.id ASC`;
  return { fromWhere: `FROM ${from} WHERE ${where.sql()}`, params: [...params, ...where.params], orderBy };
}
