/** Changes to an import already on the service: `enqueue…` queues them, `reviewHandlers` send them. */
import { guarded } from '../imports/chain';
import type { HandlerRegistry } from '../types';
import { reviewActOp } from './act';
import { destroyOp } from './destroy';
import { REVIEW_KINDS } from './kinds';
import { reviewPollOp } from './poll';

// Refusals reject the op with the service's sentence; these ops belong to no draft.
export const reviewHandlers: HandlerRegistry = {
  [REVIEW_KINDS.act]: guarded(reviewActOp, false),
  [REVIEW_KINDS.poll]: guarded(reviewPollOp, false),
  [REVIEW_KINDS.destroy]: guarded(destroyOp, false),
};

export { IMPORT_ENTITY, REVIEW_KINDS } from './kinds';
export { enqueueImportAction, enqueueImportDestroy, openImportChanges, ImportChangeError } from './enqueue';
