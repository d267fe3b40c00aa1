/**
 * The OpenAPI document as the service builds it, without listening: for `npm run openapi`
 * (which writes docs/openapi.json) and the test that keeps that file current.
 */
import { buildService } from './app';
import { openServiceDb } from './db/open';

export async function openApiDocument(): Promise<unknown> {
  const db = openServiceDb(':memory:');
  const { app } = await buildService({ db, rateLimit: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    db.close();
  }
}

/** The committed form: two-space JSON with a final newline, so diffs stay readable. */
export const openApiText = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;
