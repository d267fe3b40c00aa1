/** The subject flows' push handlers, by op kind, for the outbox runner (see ../types.ts). */
import type { HandlerRegistry } from '../types';
import { SUBJECT_OPS } from './fields';
import { pushCreate } from './push-create';
import { pushDestroy } from './push-destroy';
import { pushUpdate } from './push-update';

export const subjectHandlers: HandlerRegistry = {
  [SUBJECT_OPS.create]: pushCreate,
  [SUBJECT_OPS.update]: pushUpdate,
  [SUBJECT_OPS.destroy]: pushDestroy,
};
