/** Every flow's handlers, for a runner that sends whatever the outbox holds (`muster sync`, the app). */
import { importHandlers } from './imports';
import { reviewHandlers } from './import-review';
import { subjectHandlers } from './subjects/handlers';
import type { HandlerRegistry } from './types';

export const syncHandlers: HandlerRegistry = { ...importHandlers, ...reviewHandlers, ...subjectHandlers };
