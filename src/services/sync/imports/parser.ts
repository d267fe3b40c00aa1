/**
 * `import.parser`: reads the service's parser result of the created import, stores it with
 * where it disagrees with the offline parse (disagreements.ts), and learns the event's
 * demographic catalog from it, all in the op's completing transaction. Read-only: retrying
 * it is always safe. A push asked to be reviewed (`review`, the app's) waits here when the
 * two parses disagree, or when a row would update a participant found by e-mail
 * (email-matches.ts), until the person sends it anyway (review.ts).
 */
import { buildCatalog } from '../../../core/participants/catalog';
import { parseParticipants } from '../../../core/participants/parser';
import { catalogFor, learnCatalog } from '../../mirror/queries/imports/catalog';
import { draftParticipants } from '../../mirror/queries/drafts/draft-rows';
import type { OutboxOp } from '../../mirror/queries/outbox/outbox';
import { recordParserResult } from '../../mirror/queries/imports/parser-results';
import { importParser } from '../../remote/imports';
import type { OpOutcome, SyncContext } from '../types';
import { importIdOf, type ChainPayload } from './chain';
import { compareParses } from './disagreements';
import { emailMatches } from './email-matches';
import { draftById } from '../../mirror/queries/drafts/drafts';
import { HELD } from '../../mirror/queries/outbox/outbox-queue';
import { askReview, clearReview, reviewOf } from './review';

export async function parserOp(op: OutboxOp<ChainPayload>, ctx: SyncContext): Promise<OpOutcome> {
  const { db } = ctx;
  const { draftId, externalEventId, review } = op.payload;
  const decided = review ? reviewOf(db, draftId) : null;
  // Still waiting for the person: nothing to ask the service meanwhile.
  if (decided === 'asked') return { type: 'wait', at: HELD };
  const importId = importIdOf(db, op.payload);
  const answer = await importParser(ctx.remote, importId, { signal: ctx.signal });
  // The offline parse uses the catalog as the mirror knew it before this answer taught it more.
  const catalog = catalogFor(db, externalEventId);
  const offline = parseParticipants(draftParticipants(db, draftId), catalog.length > 0 ? { catalog: buildCatalog(catalog) } : {});
  const onlyDemographics = draftById(db, draftId)?.flags.only_demographics === true;
  const disagreements = [...compareParses(offline, answer.participants), ...emailMatches(answer.participants, { onlyDemographics })];
  const at = ctx.now();
  const record = (tx: typeof db) => {
    recordParserResult(tx, importId, answer.participants, disagreements, at);
    learnCatalog(tx, externalEventId, answer.participants, at);
  };
  if (review && decided !== 'approved' && disagreements.length > 0) {
    return {
      type: 'wait',
      at: HELD,
      note: `the service reads ${disagreements.length} row(s) differently; waiting for a decision`,
      apply(tx) {
        record(tx);
        askReview(tx, draftId);
      },
    };
  }
  return {
    type: 'done',
    remoteRef: importId,
    result: { importId, disagreements: disagreements.length },
    apply(tx) {
      record(tx);
      if (review) clearReview(tx, draftId);
    },
  };
}
