import type { DocumentRecord, ParticipantImport } from '../../core/contract/imports';
import { parseParticipants } from '../../core/participants/parser';
import { buildCatalog } from '../../core/participants/catalog';
import type { ServiceContext } from '../context';
import { createDocument, findDocument } from '../store/documents';
import { attachDocument, documentIdOf, importPayload } from '../store/imports';
import { loadCatalog } from '../store/events';
import { workbookBytes, XLSX_CONTENT_TYPE } from './workbook';

const HEADER = ['Row', 'External ID', 'Name', 'E-mail', 'Locale', 'Note', 'Demographics', 'Invalid fields', 'Duplicate of row'];

/**
 * Writes the import's participants, as the parser reads them, to an xlsx Document. An
 * import never changes, so a document made once is answered again rather than rebuilt
 * (building one blocks the service for seconds on a large import).
 */
export function exportImport(ctx: ServiceContext, imp: ParticipantImport): DocumentRecord {
  const existing = documentIdOf(ctx.db, imp.id);
  const reused = existing === null ? undefined : findDocument(ctx.db, imp.company_id, existing);
  if (reused) return reused;
  const parsed = parseParticipants(importPayload(ctx.db, imp.id), { catalog: buildCatalog(loadCatalog(ctx.db, imp.event_id)) });
  const rows = parsed.map((p) => [
    p.row_number,
    p.external_id,
    p.name,
    p.email,
    p.locale,
    p.note,
    p.demographics.map((d) => `${d.demographic_category_name}: ${d.demographic_name}`).join('; '),
    p.invalid_fields.join(', '),
    p.duplicate_of_row,
  ]);
  const bytes = workbookBytes('Participants', HEADER, rows);
  return ctx.db.transaction(() => {
    const document = createDocument(ctx.db, imp.company_id, `participant-import-${imp.id}.xlsx`, XLSX_CONTENT_TYPE, bytes, ctx.now());
    attachDocument(ctx.db, imp.id, document.id);
    return document;
  })();
}
