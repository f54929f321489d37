/** OAuth: client credentials exchanged for bearer tokens (9 hours), and the check every API call makes of its token. */
import { randomBytes } from 'node:crypto';
import { ApiError, authFailure } from '../errors.js';
import type { Ctx, Handler } from '../requests.js';
import { now, stableId, type StandinContext } from '../store.js';

const TOKEN_TTL_S = 32400;

/** Refuses a request without a live token from /v1/oauth2/token. */
export function requireBearer(standin: StandinContext, ctx: Ctx) {
  const m = /^Bearer\s+(\S+)$/i.exec(ctx.header('authorization') ?? '');
  const token = m && standin.state.tokens[m[1]];
  if (!token || token.expiresAt < Date.now()) throw authFailure();
}

/** POST /v1/oauth2/token. */
export function tokenRoutes(standin: StandinContext) {
  const { state, save } = standin;

  const oauthToken: Handler = (ctx) => {
    const invalidClient = () =>
      new ApiError(
        401,
        'AUTHENTICATION_FAILURE',
        'Client Authentication failed',
        [{ issue: 'invalid_client', description: 'Client Authentication failed' }],
        [],
        {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        },
      );
    const m = /^Basic\s+(\S+)$/i.exec(ctx.header('authorization') ?? '');
    if (!m) throw invalidClient();
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0 || decoded.slice(0, colon) !== standin.clientId || decoded.slice(colon + 1) !== standin.clientSecret)
      throw invalidClient();
    const grant = ctx.form().get('grant_type');
    if (grant !== 'client_credentials') {
      const description = grant ? `Unsupported grant type ${grant}` : 'Grant Type is NULL';
      throw new ApiError(400, 'INVALID_REQUEST', description, [{ issue: 'unsupported_grant_type', description }], [], {
        error: 'unsupported_grant_type',
        error_description: description,
      });
    }
    for (const [t, v] of Object.entries(state.tokens)) if (v.expiresAt < Date.now()) delete state.tokens[t];
    const token = `A21AA${randomBytes(72).toString('base64url')}`;
    state.tokens[token] = { expiresAt: Date.now() + TOKEN_TTL_S * 1000 };
    save();
    return {
      status: 200,
      json: {
        scope:
          'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks https://uri.paypal.com/services/payments/orders/readwrite',
        access_token: token,
        token_type: 'Bearer',
        app_id: `APP-${stableId(`app:${standin.clientId}`, 17)}`,
        expires_in: TOKEN_TTL_S,
        nonce: `${now()}${randomBytes(32).toString('base64url')}`,
      },
    };
  };

  return { oauthToken };
}
