/**
 * `import.refresh`: reads the event's import index into the mirror once the action has
 * ended, so the mirror shows every import of the event as the service does (including ones
 * made elsewhere). Read-only; a refusal here does not fail the draft, whose push is over.
 *
 * It also reads the import's parse again to learn the catalog: the parse read before the
 * action knew only the categories the event had then, and the action may have created the
 * list's own ("Geschlecht" with its values). Without this the next list of the event said
 * its catalog was still unknown, and every value in it would be created again as new.
 */
import { learnCatalog } from '../../mirror/queries/imports/catalog';
import { importById, recordImport } from '../../mirror/queries/imports/imports';
import type { OutboxOp } from '../../mirror/queries/outbox/outbox';
import { unlessGone } from '../../remote/errors';
import { importParser, listImports } from '../../remote/imports';
import type { OpOutcome, SyncContext } from '../types';
import { ChainError, importIdOf, type ChainPayload } from './chain';

export async function refreshOp(op: OutboxOp<ChainPayload>, ctx: SyncContext): Promise<OpOutcome> {
  const importId = importIdOf(ctx.db, op.payload);
  const known = importById(ctx.db, importId);
  if (!known) throw new ChainError(`import ${importId} is not in the mirror`);
  const index = await listImports(ctx.remote, known.eventId, { signal: ctx.signal });
  // None when the import was destroyed meanwhile: nothing to learn then, and the push is over.
  const parse = await unlessGone(importParser(ctx.remote, importId, { signal: ctx.signal }));
  const at = ctx.now();
  return {
    type: 'done',
    result: { imports: index.count },
    apply(db) {
      for (const record of index.participant_imports) recordImport(db, record, { externalEventId: op.payload.externalEventId, at });
      if (parse) learnCatalog(db, op.payload.externalEventId, parse.participants, at);
    },
  };
}
