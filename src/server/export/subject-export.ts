import type { DocumentRecord } from '../../core/contract/imports';
import type { SubjectSearchItem } from '../../core/contract/subjects';
import type { ServiceContext } from '../context';
import { invalid } from '../http/errors';
import { matchingIds, searchItems, type PreparedSearch } from '../search/run';
import { createDocument } from '../store/documents';
import { locationNames } from '../store/locations';
import { demographicNames } from '../store/subject-links';
import { yieldToOthers } from './heavy-work';
import { XLSX_CONTENT_TYPE, type CellValue } from './workbook';
import { XlsxStream } from './xlsx-stream';

export type ExportColumnType = 'integer' | 'text' | 'boolean' | 'date' | 'timestamp';

interface Names {
  demographics: Map<number, string>;
  locations: Map<number, string>;
}

interface ExportColumn {
  header: string;
  type: ExportColumnType;
  value: (item: SubjectSearchItem, names: Names) => CellValue;
}

const listOf = (ids: number[], names: Map<number, string>) => ids.map((id) => names.get(id) ?? String(id)).join('; ');

/** The columns of every subject export, in order. */
const SUBJECT_COLUMNS: ExportColumn[] = [
  { header: 'ID', type: 'integer', value: (s) => s.id },
  { header: 'Code', type: 'text', value: (s) => s.code },
  { header: 'CID', type: 'text', value: (s) => s.cid },
  { header: 'First name', type: 'text', value: (s) => s.first_name },
  { header: 'Middle initial', type: 'text', value: (s) => s.middle_initial },
  { header: 'Last name', type: 'text', value: (s) => s.last_name },
  { header: 'E-mail', type: 'text', value: (s) => s.email },
  { header: 'Date of birth', type: 'date', value: (s) => s.date_of_birth },
  { header: 'Age', type: 'integer', value: (s) => s.age },
  { header: 'Preferred language', type: 'text', value: (s) => s.preferred_language },
  { header: 'Phone', type: 'text', value: (s) => s.phone },
  { header: 'Mobile phone', type: 'text', value: (s) => s.mobile_phone },
  { header: 'Work phone', type: 'text', value: (s) => s.work_phone },
  { header: 'Household ID', type: 'integer', value: (s) => s.household_id },
  { header: 'Head of household', type: 'boolean', value: (s) => s.head_of_household },
  { header: 'Address', type: 'text', value: (s) => s.household.address },
  { header: 'City', type: 'text', value: (s) => s.household.city },
  { header: 'State', type: 'text', value: (s) => s.household.state },
  { header: 'Zip', type: 'text', value: (s) => s.household.zip },
  { header: 'Country', type: 'text', value: (s) => s.household.country },
  { header: 'Demographics', type: 'text', value: (s, n) => listOf(s.demographic_ids, n.demographics) },
  { header: 'Locations', type: 'text', value: (s, n) => listOf(s.location_ids, n.locations) },
  { header: 'Consented', type: 'boolean', value: (s) => s.consented },
  { header: 'Can e-mail', type: 'boolean', value: (s) => s.can_email },
  { header: 'Can call', type: 'boolean', value: (s) => s.can_call },
  { header: 'Has account', type: 'boolean', value: (s) => s.has_account },
  { header: 'Opted out at', type: 'timestamp', value: (s) => s.opted_out_at },
  { header: 'Contact exclusion until', type: 'date', value: (s) => s.contact_exclusion_until_date },
  { header: 'Archived at', type: 'timestamp', value: (s) => s.archived_at },
  { header: 'Notes', type: 'text', value: (s) => s.notes },
  { header: 'Created at', type: 'timestamp', value: (s) => s.created_at },
  { header: 'Updated at', type: 'timestamp', value: (s) => s.updated_at },
];

/** Added when the selection names a campaign: each subject's standing in it. */
const CAMPAIGN_COLUMNS: ExportColumn[] = [
  { header: 'Rank', type: 'integer', value: (s) => s.campaign?.rank ?? null },
  { header: 'Outcome', type: 'text', value: (s) => s.campaign?.outcome ?? null },
  { header: 'Schedule status', type: 'text', value: (s) => s.campaign?.schedule_status ?? null },
  { header: 'Interaction rating', type: 'integer', value: (s) => s.campaign?.interaction_rating ?? null },
  { header: 'Last contacted at', type: 'timestamp', value: (s) => s.campaign?.last_contacted_at ?? null },
];

/**
 * The largest selection one export writes. Rows are streamed into the workbook, but the
 * finished file is stored as one document (about 8 MB per 100,000 subjects).
 */
export const MAX_EXPORT_ROWS = 250_000;
// Small enough that one chunk holds the event loop for a few milliseconds, not tens.
const CHUNK = 200;

export const SUBJECT_EXPORT_PARAMS = {
  format: 'xlsx',
  content_type: XLSX_CONTENT_TYPE,
  sheet_name: 'Subjects',
  file_name: 'subjects-YYYYMMDD-HHMMSS.xlsx (UTC)',
  max_rows: MAX_EXPORT_ROWS,
  body: 'the search filters of filter_params; page and per are ignored: every matching subject is written',
  columns: SUBJECT_COLUMNS.map(({ header, type }) => ({ header, type })),
  campaign_columns: CAMPAIGN_COLUMNS.map(({ header, type }) => ({ header, type })),
  neutralised: "every text cell is written as text (never a formula), its value unchanged; text that starts with apostrophes before = + - @, tab, CR or LF gets one more, as readers take that first apostrophe for a csv's formula guard",
};

/**
 * Writes every subject of a selection, in the search's order, to an xlsx Document: chunk by
 * chunk into a streamed workbook, yielding between chunks, in the company's turn of the
 * heavy-work queue (heavy-work.ts). The selection is fixed when the export starts; a subject
 * changed meanwhile is written as it is when its chunk is read.
 */
export async function exportSubjects(ctx: ServiceContext, companyId: number, search: PreparedSearch, today: string): Promise<DocumentRecord> {
  const { db } = ctx;
  const ids = matchingIds(db, search.compiled);
  if (ids.length > MAX_EXPORT_ROWS) {
    throw invalid([{ field: '(body)', message: `selects ${ids.length} subjects; one export writes at most ${MAX_EXPORT_ROWS}` }], 'The selection is too large to export at once.');
  }
  const columns = search.filters.campaignId === null ? SUBJECT_COLUMNS : [...SUBJECT_COLUMNS, ...CAMPAIGN_COLUMNS];
  const bytes = await ctx.heavy.run(companyId, async () => {
    const names: Names = { demographics: demographicNames(db, companyId), locations: locationNames(db, companyId) };
    const sheet = new XlsxStream('Subjects');
    sheet.addRows([columns.map((c) => c.header)]);
    for (let start = 0; start < ids.length; start += CHUNK) {
      const items = searchItems(db, companyId, search.filters.campaignId, ids.slice(start, start + CHUNK), today);
      sheet.addRows(items.map((item) => columns.map((column) => column.value(item, names))));
      await yieldToOthers();
    }
    return sheet.finish();
  });
  const now = ctx.now();
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return createDocument(db, companyId, `subjects-${stamp}.xlsx`, XLSX_CONTENT_TYPE, bytes, now);
}
