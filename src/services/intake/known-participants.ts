/**
 * The participants of an event as this computer knows them, for checking a sheet offline
 * against the e-mails several of them share: the imports its mirror saw completed, with the
 * service's parse of each, replayed in the order their actions ran (core/participants/known).
 * Mirrors are per service and account; without a service named, the mirror that saw the most
 * of that event's imports is used.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ParticipantDirectory } from '../../core/participants/directory';
import { knownParticipants, type AppliedImport } from '../../core/participants/known';
import type { MirrorDb } from '../mirror/db';
import { mirrorFileFor } from '../mirror/location';
import { openMirror } from '../mirror/open';
import { eventByExternalId } from '../mirror/queries/imports/events';
import { actionsOfImport } from '../mirror/queries/imports/import-actions';
import { importsOfEvent } from '../mirror/queries/imports/imports';
import { parserResultOf } from '../mirror/queries/imports/parser-results';

const MIRROR_FILE = /^mirror-.+\.sqlite$/;

/** Each completed action of the event's imports whose parse the mirror holds, oldest action first. */
export function appliedImports(db: MirrorDb, externalEventId: number): AppliedImport[] {
  const eventId = eventByExternalId(db, externalEventId)?.eventId ?? null;
  if (eventId === null) return [];
  const applied: { actionId: number; imported: AppliedImport }[] = [];
  for (const imported of importsOfEvent(db, eventId)) {
    const completed = actionsOfImport(db, imported.id).filter((a) => a.status === 'completed');
    if (completed.length === 0) continue;
    const parse = parserResultOf(db, imported.id);
    if (!parse) continue;
    for (const action of completed) applied.push({ actionId: action.id, imported: { flags: action.flags, participants: parse.participants } });
  }
  return applied.sort((a, b) => a.actionId - b.actionId).map((a) => a.imported);
}

function appliedIn(file: string, externalEventId: number): AppliedImport[] {
  const db = openMirror(file);
  try {
    return appliedImports(db, externalEventId);
  } finally {
    db.close();
  }
}

/** null when no mirror here saw an import of the event acted on. */
export function knownDirectory(dataDir: string, externalEventId: number, server?: { url: string; account: string }): ParticipantDirectory | null {
  let best: AppliedImport[] = [];
  if (server) {
    const file = mirrorFileFor(dataDir, server.url, server.account);
    if (existsSync(file)) best = appliedIn(file, externalEventId);
  } else if (existsSync(dataDir)) {
    for (const name of readdirSync(dataDir).filter((n) => MIRROR_FILE.test(n))) {
      const applied = appliedIn(join(dataDir, name), externalEventId);
      if (applied.length > best.length) best = applied;
    }
  }
  return best.length > 0 ? knownParticipants(best) : null;
}
