import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMirrorFor } from '../../../../src/services/mirror/open';
import { draftRows } from '../../../../src/services/mirror/queries/drafts/draft-rows';
import {
  checkSheetFile,
  InvalidRowsError,
  pullMirror,
  pushSheet,
  resumePushes,
  UseCaseError,
  type Connection,
  type PushEvent,
} from '../../../../src/services/usecases';
import { freshEvent, participantsOf } from '../../../support/events';
import { startTestService, type TestService } from '../../../support/service';
import { serviceCounts } from '../sync/push-fixture';

// The use cases both faces call, against the real reference service on loopback.
let service: TestService;
const dir = mkdtempSync(join(tmpdir(), 'muster-usecases-'));
beforeAll(async () => {
  service = await startTestService({ faults: {} });
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

let files = 0;
function sheet(header: string, rows: string[]): string {
  const file = join(dir, `list-${++files}.csv`);
  writeFileSync(file, [header, ...rows].join('\n'));
  return file;
}
const connection = (data: string, token = service.token): Connection => ({ dataDir: join(dir, data), serverUrl: service.url, account: 'default', token: () => token });

describe('checkSheetFile and pushSheet share one mapping pass', () => {
  it('sends exactly the payloads the check parsed, a correction given once included', async () => {
    const event = freshEvent(service);
    // "Kontakt" is no header intake knows; the correction maps it to the e-mail.
    const file = sheet('Kennung,Name,Kontakt', ['k1,Ada Lovelace,ada@example.com', 'k2,Alan Turing,alan@example.com']);
    const overrides = [{ column: 'Kontakt', target: 'email' }];
    const { check } = await checkSheetFile({ file, dataDir: join(dir, 'maps-once'), overrides });
    expect(check.participants.map((p) => p.email)).toEqual(['ada@example.com', 'alan@example.com']);

    const events: PushEvent[] = [];
    const outcome = await pushSheet(connection('maps-once'), { file, externalEventId: event.external_event_id }, { onEvent: (e) => events.push(e) });
    expect(outcome.end).toBe('settled');
    expect(outcome.status.state).toBe('pushed');
    // The correction was remembered by the check, so the push (given none) maps the same way.
    const db = openMirrorFor(join(dir, 'maps-once'), service.url, 'default');
    try {
      const rows = draftRows(db, outcome.draftId);
      expect(rows.map((r) => [r.source_row, r.participant.external_id, r.participant.email])).toEqual(
        check.participants.map((p) => [p.source_row, p.external_id, p.email]),
      );
    } finally {
      db.close();
    }
    expect(participantsOf(service, event).map((p) => p.email).sort()).toEqual(['ada@example.com', 'alan@example.com']);
    const types = events.map((e) => e.type).filter((type) => type !== 'reading');
    expect(events[0].type).toBe('reading');
    expect(types[0]).toBe('push-started');
    expect(types).toContain('import-created');
    expect(types).toContain('action-ended');
  });

  it('refuses invalid rows with their sheet rows unless skip_invalid is set', async () => {
    const event = freshEvent(service);
    const file = sheet('External ID,Name,E-Mail', ['i1,Ada,ada@example.com', 'i2,Bad,not-an-email']);
    const refused = await pushSheet(connection('invalid'), { file, externalEventId: event.external_event_id }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InvalidRowsError);
    expect((refused as InvalidRowsError).invalidRows).toEqual([3]);
    expect(await serviceCounts(service, event)).toEqual({ imports: 0, actions: 0 });
    const pushed = await pushSheet(connection('invalid'), { file, externalEventId: event.external_event_id, flags: { skip_invalid: true } });
    expect(pushed.status.state).toBe('pushed');
  });
});

describe('cancelling a push', () => {
  it('stops when the signal is aborted, keeps the push, and resumePushes finishes it once', async () => {
    const event = freshEvent(service);
    const file = sheet('External ID,Name,E-Mail', ['c1,Ada,ada@example.com', 'c2,Alan,alan@example.com']);
    const controller = new AbortController();
    const stopped = await pushSheet(
      connection('cancel'),
      { file, externalEventId: event.external_event_id },
      { signal: controller.signal, onEvent: (e) => e.type === 'import-created' && controller.abort() },
    );
    expect(stopped.end).toBe('interrupted');
    expect(stopped.status.state).toBe('pushing');

    const resumed = await resumePushes(connection('cancel'));
    expect(resumed.end).toBe('settled');
    expect(resumed.draftId).toBe(stopped.draftId);
    expect(resumed.status.state).toBe('pushed');
    expect(await serviceCounts(service, event)).toEqual({ imports: 1, actions: 1 });
    expect(participantsOf(service, event)).toHaveLength(2);
  });
});

describe('pullMirror', () => {
  it('says a refused token is a refused token, with nothing written', async () => {
    const refused = await pullMirror(connection('pull', 'not-a-token')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UseCaseError);
    expect((refused as UseCaseError).reason).toBe('token_refused');
  });

  it('reports the subjects it pulled as events while it pulls', async () => {
    const seen: number[] = [];
    const report = await pullMirror(connection('pull'), { onEvent: (e) => seen.push(e.pulled) });
    expect(report.subjects.pulled).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(report.subjects.pulled);
  });
});
