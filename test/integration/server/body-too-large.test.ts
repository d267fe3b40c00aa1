import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/service';

// A client still sending a body over the limit must read the 413, not a reset connection:
// it once got "fetch failed" about one try in three. The client runs in a process of its
// own, as a real one does; sharing the service's event loop hid the race.
let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const TRIES = 10;

const CLIENT = `
const [url, token, tries] = process.argv.slice(1);
const body = new Uint8Array(64 * 1024 * 1024).fill(0x20);
const outcomes = [];
for (let i = 0; i < Number(tries); i++) {
  try {
    const answer = await fetch(url + '/api/v1/participant_imports', { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' }, body });
    const json = await answer.json();
    outcomes.push(answer.status + ' ' + json.error?.code);
  } catch (error) {
    outcomes.push(error.message + ': ' + (error.cause?.code ?? error.cause?.message));
  }
}
console.log(JSON.stringify(outcomes));
`;

it(`answers a 64 MiB import with its 413 in the one error body, ${TRIES} tries out of ${TRIES}`, async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', CLIENT, service.url, service.token, String(TRIES)]);
  expect(JSON.parse(stdout)).toEqual(Array(TRIES).fill('413 payload_too_large'));
  // The drained connections are let go: the service still answers.
  expect((await fetch(`${service.url}/health`)).status).toBe(200);
}, 120_000);
