/**
 * An import made elsewhere, opened here as a draft to fix and send again as a new import:
 * the service's parse of it (kept in the mirror when the import was reviewed) in the rows'
 * order, each participant's values as the service read them. The import itself is left as
 * it is on the service.
 */
import type { ParsedParticipant, ParticipantInput } from '../../core/contract/imports';
import type { Draft } from '../mirror/queries/drafts/drafts';
import { importById } from '../mirror/queries/imports/imports';
import { parserResultOf } from '../mirror/queries/imports/parser-results';
import { withAccountMirror, type MirrorPlace } from './account-mirror';
import { createDraftFromRows } from './draft-from-rows';
import { UseCaseError } from './errors';
import { notHere, sheetRowsOf } from './import-review';

/** What a draft's row holds of a parsed participant: its values, none of the service's findings. */
export function participantOfParsed(p: ParsedParticipant): ParticipantInput {
  return {
    external_id: p.external_id,
    name: p.name,
    email: p.email,
    locale: p.locale,
    note: p.note,
    demographics: p.demographics.map((d) => ({ demographic_category_name: d.demographic_category_name, demographic_name: d.demographic_name })),
  };
}

/** The draft's name: the import's number and its file's, within a name's 200 characters. */
const nameOf = (importId: number, fileName: string | null) => `Import ${importId}${fileName ? ` (${fileName})` : ''}`.slice(0, 200);

/**
 * `externalEventId`: the event the person says the import is of, for an import whose event
 * this computer has not learned yet (the service names an import's event by its own id only).
 */
export function importAsDraft(place: MirrorPlace, importId: number, options: { externalEventId?: number; at?: number } = {}): Draft {
  return withAccountMirror(place, (db) => {
    const known = importById(db, importId);
    if (!known) throw notHere(importId);
    const parsed = parserResultOf(db, importId);
    if (!parsed) throw new UseCaseError(`The service's reading of import ${importId} is not on this computer yet; open the import once while the service can be reached.`, 'input');
    // A draft is sent to an event by its external id; an import of an event not added here has none yet.
    const externalEventId = known.externalEventId ?? options.externalEventId;
    if (externalEventId === undefined) throw new UseCaseError(`Which event import ${importId} belongs to is not known on this computer; say it (its external id) or add the event first.`, 'input');
    if (options.externalEventId !== undefined && options.externalEventId !== externalEventId) {
      throw new UseCaseError(`Import ${importId} is of event ${externalEventId}, not ${options.externalEventId}.`, 'input');
    }
    const sorted = [...parsed.participants].sort((a, b) => a.row_number - b.row_number);
    // Each row named as the import's review names it: its sheet row when it was sent from a
    // draft here, else its row in the import; not all alike as rows added by hand.
    const sheetRows = sheetRowsOf(db, importId, known.draftId, parsed.participants.length);
    const sourceRows = sorted.map((p) => (sheetRows ? sheetRows[p.row_number - 1] : p.row_number));
    return createDraftFromRows(db, { externalEventId, name: nameOf(importId, known.record.document_file_name), participants: sorted.map(participantOfParsed), sourceRows }, options.at);
  });
}
