import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { findApplicationByCredentials, issueToken } from '../store/companies';
import { ApiError } from '../http/errors';

const TOKEN_TTL_SECONDS = 7200;

/** OAuth 2 client-credentials grant (RFC 6749 §4.4). Answers the RFC's plain shape. */
export function registerOauthRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  app.post(
    '/oauth/token',
    {
      schema: {
        body: {
          type: 'object',
          required: ['grant_type', 'client_id', 'client_secret'],
          properties: {
            grant_type: { type: 'string', enum: ['client_credentials'] },
            client_id: { type: 'string', minLength: 1, maxLength: 200 },
            client_secret: { type: 'string', minLength: 1, maxLength: 200 },
          },
        },
      },
    },
    async (request) => {
      const body = request.body as { client_id: string; client_secret: string };
      const application = findApplicationByCredentials(ctx.db, body.client_id, body.client_secret);
      if (!application) throw new ApiError('unauthorized', 'The client credentials are not valid.');
      const now = ctx.now();
      const { token } = issueToken(ctx.db, application.id, now, TOKEN_TTL_SECONDS);
      return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS, created_at: Math.floor(now.getTime() / 1000) };
    },
  );
}
