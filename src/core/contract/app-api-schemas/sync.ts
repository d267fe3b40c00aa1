/**
 * Where syncing stands and what waits in the outbox, in words: the status indicator in the
 * window's chrome and the sync panel with retry and discard.
 */
import Type from 'typebox';
import { OUTBOX_STATE_NAMES } from './outbox-states';

const Count = Type.Integer({ minimum: 0 });
const Millis = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);
const OpId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** A sentence as catalog keys and parameters (core/i18n Message), for the page to say in its language. */
export const MessagesSchema = Type.Array(Type.Object({ key: Type.String(), params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))) }));
const ErrorWords = Type.Optional(Type.Union([MessagesSchema, Type.Null()]));

export const SyncStatusSchema = Type.Object({
  /** No account yet: nothing to sync. */
  connected: Type.Boolean(),
  /** Whether the service answered the last time Muster asked; null before it asked. */
  online: Type.Union([Type.Boolean(), Type.Null()]),
  syncing: Type.Boolean(),
  pending: Count,
  failed: Count,
  blocked: Count,
  lastSyncAt: Millis,
  /** The sentence of the current problem, if any. */
  error: Type.Union([Type.String(), Type.Null()]),
  /** `error` as catalog keys and parameters (transport.*), when it is Muster's own sentence: the page says it in its language. */
  errorWords: ErrorWords,
  /** The service refused the token: syncing waits for a new one. */
  tokenRefused: Type.Boolean(),
  /** The service answers but says it is busy (503, 429): reachable, and what waits is sent when it has room. */
  busy: Type.Boolean(),
});

export const OutboxItemSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  state: Type.Enum(OUTBOX_STATE_NAMES),
  title: Type.String(),
  /** `title` as catalog words (core/i18n `outbox.steps` and `outbox.forms`), for the page to say in its language. */
  titleWords: Type.Object({ step: Type.String(), form: Type.Enum(['draft', 'step', 'about']), params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])) }),
  error: Type.Union([Type.String(), Type.Null()]),
  /** `error` as catalog keys and parameters, when it is Muster's own sentence from a failed call. */
  errorWords: ErrorWords,
  attempts: Count,
  nextAttemptAt: Millis,
  createdAt: Type.Integer(),
  /** What discarding gives up, in words; null when this change cannot be discarded here. */
  discardLoses: Type.Union([Type.String(), Type.Null()]),
  /** `discardLoses` as catalog keys and parameters (core/i18n `outbox.discard`), for the page to say in its language. */
  discardWords: ErrorWords,
  /** Steps of the same change waiting behind this one. */
  laterSteps: Type.Integer({ minimum: 0 }),
  /** The subject (its local id) changed here and on the service at once: this change waits for the person to choose. */
  conflictSubject: Type.Union([Type.Integer(), Type.Null()]),
});

export const SYNC_METHODS = {
  'sync.status': { args: Type.Tuple([]), result: SyncStatusSchema },
  'sync.items': { args: Type.Tuple([]), result: Type.Array(OutboxItemSchema) },
  /** Sends what waits and pulls what changed; cancelled by sync.cancel. */
  'sync.now': { args: Type.Tuple([]), result: SyncStatusSchema },
  'sync.cancel': { args: Type.Tuple([]), result: Type.Boolean() },
  'sync.retry': { args: Type.Tuple([OpId]), result: SyncStatusSchema },
  'sync.discard': { args: Type.Tuple([OpId]), result: SyncStatusSchema },
} as const;
