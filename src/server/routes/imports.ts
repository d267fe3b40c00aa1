import type { FastifyInstance } from 'fastify';
import { parseParticipants } from '../../core/participants/parser';
import { buildCatalog } from '../../core/participants/catalog';
import type { ParticipantImport } from '../../core/contract/imports';
import type { ServiceContext } from '../context';
import type { Db } from '../db/open';
import { ApiError } from '../../core/contract/api-error';
import { notFound } from '../http/errors';
import { findEvent, findEventByExternalId, loadCatalog } from '../store/events';
import { deleteImport, findImport, importPayload, insertImport, listImports } from '../store/imports';
import { flagsOf, hasUnfinishedAction, insertAction } from '../store/import-actions';
import { describeEmailMatches, EventDirectory } from '../store/participants';
import { exportImport } from '../export/import-export';
import { IMPORT_LOOKUP } from './import-lookup';
import { OPERATIONS } from '../../core/contract/operations';
import { idOf, serve } from './operation';

/** The caller's company's import, or the 404 another company's id answers too. */
export function ownImport(db: Db, companyId: number, id: number): ParticipantImport {
  const found = findImport(db, companyId, id);
  if (!found) throw notFound(`Participant import ${id}`);
  return found;
}

export function registerImportRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  const { db } = ctx;

  serve(api, OPERATIONS.importCreate, async (request) => {
    const { body, caller } = request;
    const event = findEventByExternalId(db, caller.companyId, body.external_event_id);
    if (!event) throw notFound(`An event with external_event_id ${body.external_event_id}`);
    const actIfValid = body.act_if_valid === true;
    const now = ctx.now();
    const { importId, actionId } = db.transaction(() => {
      const importId = insertImport(db, caller, event.id, actIfValid, body.participants, now);
      const actionId = actIfValid ? insertAction(db, caller, importId, flagsOf(body), body.participants.length, now) : null;
      return { importId, actionId };
    })();
    if (actionId !== null) ctx.jobs.enqueue(actionId);
    return findImport(db, caller.companyId, importId)!;
  });

  serve(api, OPERATIONS.importIndex, async (request) => {
    const { query } = request;
    let eventId: number;
    if (query.event_id !== undefined) {
      eventId = Number(query.event_id);
      if (!findEvent(db, request.caller.companyId, eventId)) throw notFound(`Event ${eventId}`);
    } else if (query.external_event_id !== undefined) {
      // Extension (docs/interface.md): a client that knows only the id people type can list.
      const externalId = Number(query.external_event_id);
      const event = findEventByExternalId(db, request.caller.companyId, externalId);
      if (!event) throw notFound(`An event with external_event_id ${externalId}`);
      eventId = event.id;
    } else {
      throw new ApiError('bad_request', 'Say which event: event_id (or external_event_id) is required.', [{ field: 'event_id', message: 'is required' }]);
    }
    const list = listImports(db, request.caller.companyId, eventId);
    return { participant_imports: list, count: list.length };
  });

  serve(api, OPERATIONS.importLookup, async () => IMPORT_LOOKUP);

  serve(api, OPERATIONS.importShow, async (request) => ownImport(db, request.caller.companyId, idOf(request.params)));

  serve(api, OPERATIONS.importDestroy, async (request) => {
    const id = idOf(request.params);
    const companyId = request.caller.companyId;
    db.transaction(() => {
      ownImport(db, companyId, id);
      if (hasUnfinishedAction(db, id)) throw new ApiError('conflict', 'This import has an import action that is still running; destroy it once the action has ended.');
      deleteImport(db, companyId, id);
    })();
    return true as const;
  });

  // GET reads the document (made on first use), POST asks for it to be made: the same answer.
  const exportOf = async (request: { params: { id: string }; caller: { companyId: number } }) =>
    exportImport(ctx, ownImport(db, request.caller.companyId, idOf(request.params)));
  serve(api, OPERATIONS.importExportRead, exportOf);
  serve(api, OPERATIONS.importExportMake, exportOf);

  // The parse of a large import is tens of MB: JSON.stringify writes it about a fifth faster
  // than a serializer compiled from its schema (measured with npm run bench -- push). The
  // schema still documents it, and the parser's own types shape it.
  const stringify = () => (data: unknown) => JSON.stringify(data);
  serve(
    api,
    OPERATIONS.importParser,
    async (request) => {
      const found = ownImport(db, request.caller.companyId, idOf(request.params));
      const participants = parseParticipants(importPayload(db, found.id), {
        catalog: buildCatalog(loadCatalog(db, found.event_id)),
        directory: new EventDirectory(db, found.event_id),
      });
      describeEmailMatches(db, participants);
      return { participants };
    },
    { serializerCompiler: stringify },
  );
}
