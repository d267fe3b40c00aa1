import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/open';
import { ApiError } from '../../core/contract/api-error';
import { prepareTokenLookups } from '../store/access-tokens';

/** Who is calling: every query is scoped to `companyId`. */
export interface Caller {
  companyId: number;
  applicationId: number;
  /** The creator type written on records made through a token. */
  creatorType: string;
}

export const OAUTH_CREATOR_TYPE = 'OauthApplication';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function newSecret(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

const unauthorized = (message: string): ApiError =>
  new ApiError('unauthorized', message, [], { headers: { 'www-authenticate': 'Bearer realm="muster"' } });

/** Requires a valid bearer token on every route registered inside `scope`. */
export function requireBearer(scope: FastifyInstance, db: Db, now: () => Date): void {
  const tokens = prepareTokenLookups(db);
  scope.decorateRequest('caller', null as unknown as Caller);
  scope.addHook('onRequest', async (request) => {
    const token = bearerOf(request);
    if (!token) throw unauthorized('Send the header "authorization: Bearer <token>".');
    const row = tokens.find(hashSecret(token));
    if (!row || row.revoked_at) throw unauthorized('The access token is not valid.');
    if (row.expires_at && Date.parse(row.expires_at) <= now().getTime()) throw unauthorized('The access token has expired.');
    request.caller = { companyId: row.company_id, applicationId: row.application_id, creatorType: OAUTH_CREATOR_TYPE };
  });
}
