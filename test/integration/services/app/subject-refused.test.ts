/**
 * A subject change the service refuses (422), retried from the sync panel: the retry sends
 * that one change again, it does not add copies of it to the outbox, and the refusal names
 * the fields the service found invalid. Real mirror file, real reference service on loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../../src/core/contract/app-api';
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

beforeAll(async () => {
  service = await startTestService();
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
});
