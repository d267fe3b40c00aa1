import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { findApplicationByCredentials, issueToken } from '../store/companies';
import { ApiError } from '../../core/contract/api-error';
import { OPERATIONS } from '../../core/contract/operations';
import { serve } from './operation';

const TOKEN_TTL_SECONDS = 7200;

/** OAuth 2 client-credentials grant (RFC 6749 §4.4). Answers the RFC's plain shape. */
export function registerOauthRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  serve(
    app,
    OPERATIONS.tokenGrant,
    async (request, reply) => {
      const { client_id, client_secret } = request.body;
      const application = findApplicationByCredentials(ctx.db, client_id, client_secret);
      if (!application) throw new ApiError('unauthorized', 'The client credentials are not valid.');
      const now = ctx.now();
      const { token } = issueToken(ctx.db, application.id, now, TOKEN_TTL_SECONDS);
      return reply
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache')
        .send({ access_token: token, token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS, created_at: Math.floor(now.getTime() / 1000) });
    },
    {
      bodyLimit: 16 * 1024,
      // RFC 6749 §2.3.1: client credentials may come in an HTTP Basic header instead.
      preValidation: async (request) => {
        const basic = basicCredentials(request.headers.authorization);
        if (basic && request.body && typeof request.body === 'object') Object.assign(request.body, basic);
      },
    },
  );
}

function basicCredentials(header: string | undefined): { client_id: string; client_secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return { client_id: decodeURIComponent(decoded.slice(0, colon)), client_secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    // RFC 6749 §2.3.1 form-encodes the id and secret; broken escapes are the client's mistake.
    throw new ApiError('bad_request', 'The Basic credentials are not validly percent-encoded (RFC 6749, section 2.3.1).');
  }
}
