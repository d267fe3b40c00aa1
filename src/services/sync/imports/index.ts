/**
 * The import push flow: `enqueueDraftPush` (enqueue.ts) makes the chain, `importHandlers`
 * send it (register them with the runner), `draftPushStatus` (status.ts) says where it stands.
 */
import type { HandlerRegistry } from '../types';
import { actOp } from './act';
import { guarded, IMPORT_KINDS } from './chain';
import { createImportOp } from './create';
import { parserOp } from './parser';
import { pollOp } from './poll';
import { refreshOp } from './refresh';

export const importHandlers: HandlerRegistry = {
  [IMPORT_KINDS.create]: guarded(createImportOp, true),
  [IMPORT_KINDS.parser]: guarded(parserOp, true),
  [IMPORT_KINDS.act]: guarded(actOp, true),
  [IMPORT_KINDS.poll]: guarded(pollOp, true),
  [IMPORT_KINDS.refresh]: guarded(refreshOp, false),
};

export { enqueueDraftPush, type PushChain } from './enqueue';
export { IMPORT_KINDS, DRAFT_ENTITY } from './chain';
export { draftPushStatus, draftPushStatuses, type DraftPushStatus } from './status';
