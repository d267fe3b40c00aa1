/**
 * A subject change the service refuses (422), retried from the sync panel: the retry sends
 * that one change again, it does not add copies of it to the outbox, and the refusal names
 * the fields the service found invalid. A later change of the subject that reaches the
 * service with all the refused one carried ends it; one that leaves some of it waiting does
 * not. Real mirror file, real reference service on loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../../src/core/contract/app-api';
import type { Subject } from '../../../../src/core/contract/subjects';
import { SHARED_MESSAGES } from '../../../../src/core/i18n';
import { englishOf } from '../../../../src/core/i18n/translate';
import { createAppService, type AppService } from '../../../../src/services/app/app-api';
import { startTestService, type TestService } from '../../../support/service';

let service: TestService;
let dataDir: string;
let app: AppService;
let api: AppApi;

async function localIdOf(term: string): Promise<number> {
  const { rows } = await api['subjects.search']({ search_term: term });
  expect(rows).toHaveLength(1);
  return rows[0].localId;
}

/** The subject of this local id as the service has it now. */
async function onService(localId: number): Promise<Subject> {
  const answer = await service.client().get(`/api/v1/subjects/${(await api['subjects.get'](localId)).remoteId}`);
  expect(answer.status).toBe(200);
  return answer.body.response as Subject;
}

beforeAll(async () => {
  // Fault mode, to act while a request is on its way (nothing is made to fail).
  service = await startTestService({ faults: {} });
  dataDir = mkdtempSync(join(tmpdir(), 'muster-app-subject-refused-'));
  app = createAppService({ dataDir });
  api = app.api;
  await api['accounts.add']({ label: 'Lab', serverUrl: service.url, token: service.token });
  expect(await api['sync.now']()).toMatchObject({ online: true, error: null });
}, 30_000);

afterAll(async () => {
  await app?.close();
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a subject change the service refuses', () => {
  it('stays one change in the outbox however often it is retried', async () => {
    const id = await localIdOf('Liam Brown');
    const other = await api['subjects.get'](await localIdOf('Anna Smith'));
    // Another subject's e-mail (the service allows that) and a location the company does not have (it does not).
    const saved = await api['subjects.save'](id, { input: { email: other.fields.email, location_ids: [99999] } });
    expect(saved).toMatchObject({ saved: true, subject: { state: 'updated' } });

    expect(await api['sync.now']()).toMatchObject({ pending: 0, failed: 1 });
    const [refused, ...rest] = await api['sync.items']();
    expect(rest).toEqual([]);
    expect(refused).toMatchObject({ state: 'rejected', laterSteps: 0 });

    for (let retry = 1; retry <= 2; retry++) {
      expect(await api['sync.retry'](refused.id), `retry ${retry}`).toMatchObject({ pending: 0, failed: 1 });
      expect(await api['sync.items'](), `retry ${retry}`).toEqual([expect.objectContaining({ id: refused.id, state: 'rejected', laterSteps: 0 })]);
    }
    expect((await api['subjects.get'](id)).refused).toEqual(expect.any(String));
  }, 30_000);

  it('names the fields the service refused, in the words the page says it in', async () => {
    const [refused] = await api['sync.items']();
    const named = 'location_ids (are not locations of your company: 99999)';
    expect(refused.error).toBe(`The service rejected the request (422). The service said: “Some fields are invalid.” The fields it refused: ${named}.`);
    expect(refused.errorWords).toContainEqual({ key: 'transport.fields', params: { fields: named } });
    const subject = await api['subjects.get'](await localIdOf('Liam Brown'));
    expect(subject.refused).toBe(refused.error);
    // The subject's own page words it from the same catalog words, so in German it is German.
    expect(subject.refusedWords).toEqual(refused.errorWords);
    const german = englishOf(SHARED_MESSAGES.de);
    expect(subject.refusedWords!.map((w) => german(w.key, w.params)).join(' ')).toBe(
      `Der Dienst hat die Anfrage abgelehnt (422). Der Dienst sagte: „Some fields are invalid.“ Die abgelehnten Felder: ${named}.`,
    );
  });

  it('is over once a later change of the subject reaches the service with all it carried', async () => {
    const id = await localIdOf('Liam Brown');
    const [refused] = await api['sync.items']();
    const before = await onService(id);
    const { email } = (await api['subjects.get'](id)).fields;
    // The person puts the locations back as the service has them; the e-mail still waits.
    await api['subjects.save'](id, { input: { location_ids: before.location_ids } });
    expect(await api['sync.now']()).toMatchObject({ pending: 0, failed: 0, error: null });

    expect(email).not.toBe(before.email);
    expect(await onService(id)).toMatchObject({ email, location_ids: before.location_ids });
    expect(await api['sync.items']()).toEqual([]);
    expect(await api['subjects.get'](id)).toMatchObject({ state: 'synced', refused: null, refusedWords: null });
    await expect(api['sync.retry'](refused.id)).rejects.toThrow('That change is no longer waiting; it may have been sent meanwhile.');
  }, 30_000);

  it('stays while some of what it carried waits, though a later change went through', async () => {
    const id = await localIdOf('Liam Brown');
    const { location_ids: locations } = await onService(id);
    await api['subjects.save'](id, { input: { location_ids: [99999] } });
    expect(await api['sync.now']()).toMatchObject({ failed: 1 });
    const [refused] = await api['sync.items']();

    // A note goes with the locations put back; while it is on its way, the person picks the
    // refused location again. The note gets through; the location waits, and is refused again.
    await api['subjects.save'](id, { input: { notes: 'Evenings only', location_ids: locations } });
    let pickedAgain: Promise<unknown> | null = null;
    service.faults!.when((request) => {
      if (request.method === 'PATCH' && pickedAgain === null) pickedAgain = api['subjects.save'](id, { input: { location_ids: [99999] } });
      return false;
    }, { kind: 'drop' });
    try {
      await api['sync.now']();
    } finally {
      service.faults!.clear();
    }
    expect(await pickedAgain).toMatchObject({ saved: true });
    expect(await onService(id)).toMatchObject({ notes: 'Evenings only', location_ids: locations });
    expect(await api['sync.items']()).toEqual([expect.objectContaining({ id: refused.id, state: 'rejected', laterSteps: 1 })]);
    expect((await api['subjects.get'](id)).refused).toMatch(/location_ids/);

    // Put back once more, nothing of it waits: both refusals are over.
    await api['subjects.save'](id, { input: { location_ids: locations } });
    expect(await api['sync.now']()).toMatchObject({ pending: 0, failed: 0, error: null });
    expect(await api['sync.items']()).toEqual([]);
    expect(await api['subjects.get'](id)).toMatchObject({ state: 'synced', refused: null, fields: { notes: 'Evenings only', location_ids: locations } });
  }, 30_000);
});
