/**
 * What the main side tells the page without being asked: one typed stream the renderer
 * subscribes to (`subscribe` on the api), carried by the same transport as the calls.
 */
import Type, { type Static } from 'typebox';
import { SyncStatusSchema } from './sync';

export const AppEventSchema = Type.Union([
  /** Where syncing stands changed (a change queued, sent, refused; online or offline). */
  Type.Object({ type: Type.Literal('sync.status'), status: SyncStatusSchema }),
  /** Long work moving on: `done` of `total` (null when not known yet). */
  Type.Object({ type: Type.Literal('progress'), task: Type.Enum(['sync', 'pull', 'read', 'push', 'import-action']), done: Type.Integer({ minimum: 0 }), total: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]) }),
  /** Something the screens show changed on the main side; they read it again. */
  Type.Object({ type: Type.Literal('changed'), what: Type.Enum(['accounts', 'events', 'outbox', 'subjects']) }),
  /** A command chosen in the application menu, for the page to carry out. */
  Type.Object({ type: Type.Literal('command'), command: Type.Enum(['open-sync']) }),
]);
export type AppEvent = Static<typeof AppEventSchema>;
