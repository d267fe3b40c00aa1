/**
 * Changes a person makes to an import that is already on the service (one made elsewhere, or
 * an earlier push): run an import action on it with chosen flags, follow that action, or
 * destroy the import. Their ops share the import's entity, so they run in the order they were
 * asked for (an action, then its poll, then a destroy), apart from any draft's push chain.
 */
import type { ImportFlags } from '../../../core/contract/imports';

export const IMPORT_ENTITY = 'import';

export const REVIEW_KINDS = {
  act: 'import.review.act',
  poll: 'import.review.poll',
  destroy: 'import.destroy',
} as const;

export interface ReviewActPayload {
  importId: number;
  flags: ImportFlags;
  /** The import's action ids the mirror knew when the person asked: an adopted action is never one of them. */
  knownActions: number[];
}

export interface ReviewPollPayload {
  importId: number;
  actOpId: number;
}

export interface DestroyPayload {
  importId: number;
}
