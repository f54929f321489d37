/**
 * Sign-in to the local pool with its challenges: sessions bound to the user, app client and challenge they
 * were issued for, the TOTP answer checked, and refreshed tokens keeping the sign-in's auth_time.
 */
import { randomBytes } from 'node:crypto';
import {
  activeSecret,
  cognitoError,
  jwt,
  lib,
  SOFTWARE_TOKEN_MFA,
  totpEnabled,
  type Ctx,
  type Req,
  type Wrapper,
} from './cognito-accounts.js';
import { verifyTotp } from './cognito-totp.js';

const PASSWORD_FLOWS = new Set(['ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH']);
const REFRESH_FLOWS = new Set(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);

interface ChallengeSession {
  poolId: string;
  clientId: string;
  username: string;
  challenge: string;
  expiresAt: number;
}

/** The challenge sessions of one running pool, each lasting ttl milliseconds. */
export class ChallengeSessions {
  private readonly sessions = new Map<string, ChallengeSession>();

  constructor(
    private readonly now: () => number,
    private readonly ttl: number,
  ) {}

  open(s: Omit<ChallengeSession, 'expiresAt'>): string {
    for (const [id, old] of this.sessions) if (old.expiresAt <= this.now()) this.sessions.delete(id);
    // Opaque, long and random, like Cognito's.
    const id = randomBytes(96).toString('base64url');
    this.sessions.set(id, { ...s, expiresAt: this.now() + this.ttl });
    return id;
  }

  /** The session a challenge answer names, checked against where the answer comes from. */
  answered(req: Req, where: { clientId: string; poolId?: string }): ChallengeSession {
    const s = typeof req.Session === 'string' ? this.sessions.get(req.Session) : undefined;
    if (!s || s.expiresAt <= this.now()) {
      if (s) this.sessions.delete(req.Session);
      throw cognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    }
    if (s.clientId !== where.clientId || (where.poolId && s.poolId !== where.poolId)) {
      throw cognitoError('NotAuthorizedException', 'Invalid session for the user.');
    }
    if (req.ChallengeName !== s.challenge) {
      throw cognitoError('InvalidParameterException', `The session is for the ${s.challenge} challenge, not ${req.ChallengeName}.`);
    }
    return s;
  }

  /** A session is spent once its challenge is answered. */
  spend(id: string) {
    this.sessions.delete(id);
  }

  /** Binds a challenge's session to the user and client it was issued for. */
  async bind(services: any, ctx: Ctx, clientId: string, result: Req): Promise<Req> {
    if (!result?.ChallengeName || !result.Session) return result;
    const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const username = result.ChallengeParameters?.USER_ID_FOR_SRP;
    return { ...result, Session: this.open({ poolId: pool.options.Id, clientId, username, challenge: result.ChallengeName }) };
  }
}

/** Tokens for a user who answered the last challenge, as a password sign-in without MFA gets them. */
async function signedIn(services: any, ctx: Ctx, pool: Req, user: Req, clientId: string, metadata: unknown) {
  const client = await services.cognito.getAppClient(ctx, clientId);
  if (!client) throw cognitoError('NotAuthorizedException', 'Invalid session for the user.');
  if (services.triggers.enabled('PostAuthentication')) {
    await services.triggers.postAuthentication(ctx, {
      clientId,
      clientMetadata: metadata,
      source: 'PostAuthentication_Authentication',
      userAttributes: user.Attributes,
      username: user.Username,
      userPoolId: pool.options.Id,
    });
  }
  const groups = await pool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, metadata, 'Authentication');
  await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  return { ChallengeParameters: {}, AuthenticationResult: tokens };
}

/**
 * The tokens of a refresh, stamped with the auth_time of the sign-in that gave the refresh token (its
 * issue time) rather than the refresh's own: a refreshed session is as old as its sign-in.
 */
function keepAuthTime(result: Req, refreshToken: unknown): Req {
  const tokens = result?.AuthenticationResult;
  const signedInAt = typeof refreshToken === 'string' ? (jwt.decode(refreshToken) as Req | null)?.iat : undefined;
  if (!tokens || typeof signedInAt !== 'number') return result;
  const privatePem: string = lib('keys/cognitoLocal.private.json').pem;
  const restamp = (token: string | undefined) =>
    token && jwt.sign({ ...(jwt.decode(token) as Req), auth_time: signedInAt }, privatePem, { algorithm: 'RS256', keyid: 'CognitoLocal' });
  return { ...result, AuthenticationResult: { ...tokens, IdToken: restamp(tokens.IdToken), AccessToken: restamp(tokens.AccessToken) } };
}

/** Answers to a challenge, in a session bound to one user; the TOTP answer is checked here. */
const respond =
  (sessions: ChallengeSessions, now: () => number, admin: boolean): Wrapper =>
  (services, route) =>
  async (ctx, req) => {
    const pool = admin
      ? await services.cognito.getUserPool(ctx, req.UserPoolId)
      : await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const session = sessions.answered(req, { clientId: req.ClientId, poolId: pool.options.Id });
    const named = req.ChallengeResponses?.USERNAME;
    if (typeof named !== 'string' || !named) throw cognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
    const user = await pool.getUserByUsername(ctx, named);
    if (!user || user.Username !== session.username) throw cognitoError('NotAuthorizedException', 'Invalid session for the user.');

    if (session.challenge === SOFTWARE_TOKEN_MFA) {
      const secret = activeSecret(user);
      const code = String(req.ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE ?? '');
      // A wrong code leaves the session as it was: the user may type the next one.
      if (!secret || !verifyTotp(secret, code, now())) throw cognitoError('CodeMismatchException', 'Invalid code received for user');
      sessions.spend(req.Session);
      return signedIn(services, ctx, pool, user, req.ClientId, req.ClientMetadata);
    }
    if (admin) throw cognitoError('InvalidParameterException', `The local pool answers ${SOFTWARE_TOKEN_MFA} only here.`);
    // Other challenges (a new password, the choice of factor): cognito-local's answer, for the session's user.
    const result = await route('RespondToAuthChallenge')(ctx, {
      ...req,
      ChallengeResponses: { ...req.ChallengeResponses, USERNAME: user.Username },
    });
    sessions.spend(req.Session);
    return sessions.bind(services, ctx, req.ClientId, result);
  };

/** The sign-in targets: starting a sign-in, and answering its challenges. */
export function signInTargets(sessions: ChallengeSessions, now: () => number): Record<string, Wrapper> {
  return {
    /**
     * A password sign-in whose answer is a challenge gets a session bound to the user; a refresh keeps the
     * sign-in's auth_time (cognito-local stamps the refresh's own time), as Cognito does.
     */
    InitiateAuth: (services, route) => async (ctx, req) => {
      const result = await route('InitiateAuth')(ctx, req);
      if (REFRESH_FLOWS.has(req.AuthFlow)) return keepAuthTime(result, req.AuthParameters?.REFRESH_TOKEN);
      return sessions.bind(services, ctx, req.ClientId, result);
    },

    /** An operator's password sign-in is challenged too when the account has TOTP on. */
    AdminInitiateAuth: (services, route) => async (ctx, req) => {
      const params = req.AuthParameters ?? {};
      if (PASSWORD_FLOWS.has(req.AuthFlow) && typeof params.USERNAME === 'string') {
        const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
        const user = await pool.getUserByUsername(ctx, params.USERNAME);
        const client = await services.cognito.getAppClient(ctx, req.ClientId);
        const passes =
          user &&
          client?.UserPoolId === pool.options.Id &&
          user.Password === params.PASSWORD &&
          user.UserStatus === 'CONFIRMED' &&
          user.Enabled !== false;
        if (passes && pool.options.MfaConfiguration !== 'OFF' && totpEnabled(user)) {
          const friendly = user.SoftwareTokenMfaConfiguration?.FriendlyDeviceName;
          return {
            ChallengeName: SOFTWARE_TOKEN_MFA,
            ChallengeParameters: { USER_ID_FOR_SRP: user.Username, ...(friendly ? { FRIENDLY_DEVICE_NAME: friendly } : {}) },
            Session: sessions.open({
              poolId: pool.options.Id,
              clientId: req.ClientId,
              username: user.Username,
              challenge: SOFTWARE_TOKEN_MFA,
            }),
          };
        }
      }
      return route('AdminInitiateAuth')(ctx, req);
    },

    RespondToAuthChallenge: respond(sessions, now, false),
    AdminRespondToAuthChallenge: respond(sessions, now, true),
  };
}
