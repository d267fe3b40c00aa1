/**
 * What giving up a change in the outbox loses, as catalog words (core/i18n `outbox.discard`):
 * the sync panel says them in the page's language, the command line and the API's `lost`
 * in English from the same sentences.
 */
import { IMPORT_ENTITY, REVIEW_KINDS } from '../sync/import-review';
import { draftById } from '../mirror/queries/drafts/drafts';
import { openOps } from '../mirror/queries/outbox/outbox-list';
import type { OutboxOp } from '../mirror/queries/outbox/outbox';
import { subjectByLocalId } from '../mirror/queries/subjects/subjects';
import { SUBJECT_ENTITY, subjectLabel } from '../sync/subjects/fields';
import type { MirrorDb } from '../mirror/open';
import { SHARED_MESSAGES, type Message } from '../../core/i18n';
import { englishOf } from '../../core/i18n/translate';

/** Every sentence a loss is said in (`outbox.discard.<code>`). */
export const DISCARD_LOSS_CODES = [
  'subject_new', 'subject_changes', 'subject_removal', 'service_unchanged', 'push_imported', 'push_nothing', 'sheet_untouched',
  'import_act', 'import_poll', 'import_destroy', 'import_act_destroy', 'import_poll_destroy', 'import_kept', 'nothing_else',
] as const;
type LossCode = (typeof DISCARD_LOSS_CODES)[number];

const said = (code: LossCode, params?: Record<string, string | number>): Message => (params ? { key: `outbox.discard.${code}`, params } : { key: `outbox.discard.${code}` });

/** What giving up a subject's offline changes loses; null when it has none left. */
function subjectLoss(db: MirrorDb, op: OutboxOp): Message[] | null {
  const subject = subjectByLocalId(db, Number(op.entityKey));
  if (!subject || subject.state === 'synced') return null;
  // As the change's title names it: its number and name, the word "subject" is the catalog's.
  const what = subjectLabel(subject).replace(/^subject /, '');
  if (subject.remoteId === null) return [said('subject_new', { what })];
  // On the service already, with no version of it pulled here to go back to.
  if (subject.base === null) return null;
  return [said(subject.state === 'destroyed' ? 'subject_removal' : 'subject_changes', { what }), said('service_unchanged')];
}

/** What giving up the changes waiting for an import on the service loses: they simply never happen. */
function importChangeLoss(db: MirrorDb, op: OutboxOp): Message[] {
  const kinds = new Set(openOps(db).filter((o) => o.entityType === IMPORT_ENTITY && o.entityKey === op.entityKey).map((o) => o.kind));
  const action = kinds.has(REVIEW_KINDS.act) ? 'act' : kinds.has(REVIEW_KINDS.poll) ? 'poll' : null;
  const destroy = kinds.has(REVIEW_KINDS.destroy);
  const code: LossCode = action ? (destroy ? `import_${action}_destroy` : `import_${action}`) : destroy ? 'import_destroy' : 'import_kept';
  return [said(code, { id: op.entityKey }), said('nothing_else')];
}

/** The sentences a person reads before giving up the change `op` belongs to; null when it cannot be given up. */
export function lossWords(db: MirrorDb, op: OutboxOp): Message[] | null {
  if (op.entityType === SUBJECT_ENTITY) return subjectLoss(db, op);
  if (op.entityType === IMPORT_ENTITY) return importChangeLoss(db, op);
  const draft = draftById(db, Number(op.entityKey));
  const imported = openOps(db).every((o) => o.entityKey !== op.entityKey || o.kind !== 'import.create');
  const params = { name: draft?.name ?? `#${op.entityKey}`, event: draft?.externalEventId ?? '?' };
  return [said(imported ? 'push_imported' : 'push_nothing', params), said('sheet_untouched')];
}

const english = englishOf(SHARED_MESSAGES.en);

export const englishLoss = (words: readonly Message[]): string => words.map((w) => english(w.key, w.params)).join(' ');
