import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/core/contract/operations';
import { OPENAPI_PATH } from '../../../src/server/openapi';
import { startTestService, type TestService } from '../../support/service';

const committedFile = join(resolve(__dirname, '../../..'), 'docs/openapi.json');
let service: TestService;
let served: any;

beforeAll(async () => {
  service = await startTestService();
  // No token: the document describes the interface, not a company's data.
  const answer = await fetch(`${service.url}${OPENAPI_PATH}`);
  expect(answer.status).toBe(200);
  served = await answer.json();
});
afterAll(() => service.close());

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(served);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(served.openapi).toBe('3.1.0');
  });

  it('is the one committed as docs/openapi.json (run `npm run openapi` after changing the contract)', () => {
    expect(served).toEqual(JSON.parse(readFileSync(committedFile, 'utf8')));
  });

  it('has every operation of the contract, each with its error answers in the one error body', () => {
    for (const [name, operation] of Object.entries(OPERATIONS)) {
      const documented = served.paths[openApiPath(operation.path)]?.[operation.method.toLowerCase()];
      expect(documented, name).toBeDefined();
      for (const status of operation.errors) {
        const body = documented.responses[String(status)]?.content?.['application/json']?.schema;
        expect(body?.properties?.error?.required, `${name} ${status}`).toEqual(['code', 'message', 'details']);
      }
      if (operation.response) expect(documented.responses[String(operation.status)], name).toBeDefined();
    }
  });

  it('has the paths the interface document names', () => {
    const named = [
      ['post', '/api/v1/participant_imports'],
      ['get', '/api/v1/participant_imports'],
      ['get', '/api/v1/participant_imports/{id}/parser'],
      ['post', '/api/v1/subjects'],
      ['get', '/api/v1/subjects/{id}'],
      ['post', '/api/v1/subjects/search'],
    ];
    for (const [method, path] of named) expect(served.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
