/**
 * The demographic catalog of a draft's event as the mirror knows it now (learned from the
 * service's parses of the event's imports), for the workspace's column per category.
 */
import type { DraftCatalog } from '../../core/contract/app-api';
import { catalogFor } from '../mirror/queries/imports/catalog';
import { draftById } from '../mirror/queries/drafts/drafts';
import { withAccountMirror, type MirrorPlace } from './account-mirror';
import { refusal } from './errors';

/** Each category of the draft's event with its values in the service's order. */
export function draftCatalog(place: MirrorPlace, draftId: number): DraftCatalog {
  return withAccountMirror(place, (db) => {
    const draft = draftById(db, draftId);
    if (!draft) throw refusal('draft_gone', 'input', { draft: draftId });
    return { categories: catalogFor(db, draft.externalEventId).map((c) => ({ name: c.name, exclusive: c.exclusive, values: c.demographics.map((d) => d.name) })) };
  });
}
