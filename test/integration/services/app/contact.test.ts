/**
 * The status tells the truth between syncs: every call the app makes to the service moves
 * "online" at once (a failed connection turns it offline, an answer turns it back), and a
 * service that answers "busy" (503) is reachable and said to be busy, not offline. Against
 * the real reference service in fault mode, stopped and started again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent, SyncStatus } from '../../../../src/core/contract/app-api';
import { OPERATIONS } from '../../../../src/core/contract/operations';
import { createAppService, type AppService } from '../../../../src/services/app/app-api';
import { freePort } from '../../../support/ports';
import { startTestService, type TestService } from '../../../support/service';

let work: string;
let port: number;
let service: TestService | null = null;
let app: AppService;
const statuses: SyncStatus[] = [];
const start = async () => (service = await startTestService({ dataDir: join(work, 'service'), port, faults: {} }));
const lastStatus = () => statuses.at(-1)!;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'muster-contact-'));
  port = await freePort();
  await start();
  app = createAppService({ dataDir: join(work, 'app') });
  app.subscribe((event: AppEvent) => void (event.type === 'sync.status' && statuses.push(event.status)));
  await app.api['accounts.add']({ label: 'Lab', serverUrl: service!.url, token: service!.token });
  expect(await app.api['sync.now']()).toMatchObject({ online: true, busy: false });
}, 30_000);

afterAll(async () => {
  await app?.close();
  await service?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the status between syncs', () => {
  it('turns offline as soon as a call cannot connect, and online again when one is answered', async () => {
    await service!.close();
    service = null;
    statuses.length = 0;
    // Not a sync: the service's own export of a search, which needs the service.
    await expect(app.api['subjects.exportOnService']({})).rejects.toThrow(/cannot be reached/);
    expect(lastStatus()).toMatchObject({ online: false });
    expect((await app.api['sync.status']()).online).toBe(false);

    await start();
    statuses.length = 0;
    await app.api['subjects.exportOnService']({});
    expect(lastStatus()).toMatchObject({ online: true, busy: false });
  }, 30_000);

  it('says a service answering 503 is busy, not offline', async () => {
    service!.faults!.when({ method: OPERATIONS.subjectExport.method, path: OPERATIONS.subjectExport.path }, { kind: '503' }, 1);
    statuses.length = 0;
    await expect(app.api['subjects.exportOnService']({})).rejects.toThrow();
    expect(lastStatus()).toMatchObject({ online: true, busy: true });
    const status = await app.api['sync.status']();
    expect(status).toMatchObject({ online: true, busy: true });

    await app.api['subjects.exportOnService']({});
    expect(await app.api['sync.status']()).toMatchObject({ online: true, busy: false });
  }, 30_000);
});
