/**
 * TOTP multi-factor authentication in the local user pool, enforced as Cognito enforces it.
 *
 * cognito-local 5.3 has the targets (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference,
 * the SOFTWARE_TOKEN_MFA challenge of InitiateAuth, RespondToAuthChallenge), but:
 * - it only decodes the access token of the account calls, so a forged token could set up or turn off
 *   anyone's MFA; here the token's signature, expiry, use, issuer and revocation are checked;
 * - the challenge's Session is a random string it never looks at again: RespondToAuthChallenge finds the
 *   user by the USERNAME it is sent, so a TOTP code alone, without the password, got tokens. Here a
 *   session is bound to the user, app client and challenge it was issued for, lasts 3 minutes (Cognito's
 *   default), survives a wrong code (the user types again) and is spent by the right one;
 * - the refresh token issued after a challenge was not stored, so such a session could not be refreshed;
 * - associating a new authenticator dropped the verified one at once; Cognito keeps it until the new one
 *   is verified;
 * - AdminInitiateAuth gave tokens without the challenge, and AdminRespondToAuthChallenge,
 *   GlobalSignOut, AdminUserGlobalSignOut and AdminSetUserMFAPreference were missing;
 * - a refresh stamped its tokens' auth_time with its own time; Cognito keeps the sign-in's, which is what
 *   the API compares with an authenticator's set-up (functions/domain/admin-mfa.ts);
 * - ChangePassword, an account call too, only decoded its token, and answered a wrong previous password
 *   with another error than Cognito's; UpdateUserAttributes and VerifyUserAttribute only decoded theirs,
 *   and a new e-mail address's code went to the old address.
 * Codes are checked with RFC 6238 (HMAC-SHA1, 30 s steps, 6 digits, one step either side for clock
 * drift), with Cognito's errors: CodeMismatchException at sign-in, EnableSoftwareTokenMFAException at
 * setup.
 */
import { createHmac, createPublicKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const cognitoLocalDir = path.dirname(require.resolve('cognito-local/package.json'));
const lib = (p: string) => require(`cognito-local/lib/${p}`);

// ---------- RFC 4648 base32 and RFC 6238 TOTP ----------

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes a base32 key as authenticator apps take it: any case, spaces and padding ignored. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error(`Not a base32 key: '${ch}'`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

/** RFC 4226 HOTP of one counter value (HMAC-SHA1, dynamic truncation). */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The RFC 6238 code of a base32 key at a time (milliseconds). */
export function totp(secret: string, atMs = Date.now(), digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secret), Math.floor(atMs / 1000 / TOTP_STEP_SECONDS), digits);
}

/** Whether a code is the key's code for the current step or one step either side (clock drift). */
export function verifyTotp(secret: string, code: string, atMs = Date.now(), window = 1): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  let key: Buffer;
  try {
    key = base32Decode(secret);
  } catch {
    return false;
  }
  const step = Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);
  let match = false;
  for (let d = -window; d <= window; d++) {
    // Every candidate is compared, so the time taken does not tell which one matched.
    if (timingSafeEqual(Buffer.from(hotp(key, step + d)), Buffer.from(code))) match = true;
  }
  return match;
}

/** A new authenticator key: 160 random bits, as Cognito's (32 base32 characters). */
export const newTotpSecret = () => base32Encode(randomBytes(20));

// ---------- The local pool's targets ----------

type Ctx = any;
type Req = Record<string, any>;
export type Target = (ctx: Ctx, req: any) => Promise<any>;
export type Route = (target: string) => Target;
/** A target of the local pool given its services and the targets it stands over. */
export type Wrapper = (services: any, route: Route) => Target;

export interface LocalMfaOptions {
  /** Accounts (by e-mail) whose authenticator key is fixed rather than random: the demo admin's. */
  fixedSecrets?: Record<string, string>;
  /** How long a challenge's session lasts (Cognito's default: 3 minutes). */
  sessionTtlMs?: number;
  now?: () => number;
}

interface ChallengeSession {
  poolId: string;
  clientId: string;
  username: string;
  challenge: string;
  expiresAt: number;
}

const SOFTWARE_TOKEN_MFA = 'SOFTWARE_TOKEN_MFA';
const PASSWORD_FLOWS = new Set(['ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH']);
const REFRESH_FLOWS = new Set(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);

function cognitoError(code: string, message: string): Error {
  const { CognitoError } = lib('errors');
  return new CognitoError(code, message);
}

const attribute = (user: Req, name: string): string | undefined =>
  (user.Attributes as { Name: string; Value?: string }[] | undefined)?.find((a) => a.Name === name)?.Value;

/** The account's verified authenticator key, if it has one. */
const activeSecret = (user: Req): string | undefined =>
  user.SoftwareTokenMfaConfiguration?.Verified ? user.SoftwareTokenMfaConfiguration.Secret : undefined;

/** TOTP is on for the account: what makes Cognito challenge its sign-ins. */
export const totpEnabled = (user: Req): boolean =>
  Boolean(activeSecret(user)) && (user.UserMFASettingList ?? []).includes(SOFTWARE_TOKEN_MFA);

/** The pool offers TOTP (infra/constructs/auth.ts: MFA optional, TOTP only). */
function assertPoolOffersTotp(pool: Req) {
  const { MfaConfiguration, SoftwareTokenMfaConfiguration } = pool.options;
  if (MfaConfiguration === 'OFF' || SoftwareTokenMfaConfiguration?.Enabled !== true) {
    throw cognitoError('SoftwareTokenMFANotFoundException', 'Software Token MFA has not been enabled by the userPool.');
  }
}

/**
 * The local pool's TOTP targets, each over cognito-local's own (or standing alone where it has none).
 * One instance per running pool: it holds the challenge sessions.
 */
export function localMfa(opts: LocalMfaOptions = {}): Record<string, Wrapper> {
  const now = opts.now ?? Date.now;
  const ttl = opts.sessionTtlMs ?? 3 * 60_000;
  const fixed = new Map(Object.entries(opts.fixedSecrets ?? {}).map(([email, secret]) => [email.toLowerCase(), secret]));
  const sessions = new Map<string, ChallengeSession>();
  const jwt = require(require.resolve('jsonwebtoken', { paths: [cognitoLocalDir] }));
  let publicKey: KeyObject | undefined;
  const signingKey = () => (publicKey ??= createPublicKey(lib('keys/cognitoLocal.private.json').pem));

  function openSession(s: Omit<ChallengeSession, 'expiresAt'>): string {
    for (const [id, old] of sessions) if (old.expiresAt <= now()) sessions.delete(id);
    // Opaque, long and random, like Cognito's.
    const id = randomBytes(96).toString('base64url');
    sessions.set(id, { ...s, expiresAt: now() + ttl });
    return id;
  }

  /** The session a challenge answer names, checked against where the answer comes from. */
  function sessionFor(req: Req, where: { clientId: string; poolId?: string }): ChallengeSession {
    const s = typeof req.Session === 'string' ? sessions.get(req.Session) : undefined;
    if (!s || s.expiresAt <= now()) {
      if (s) sessions.delete(req.Session);
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

  /** Binds a challenge's session to the user and client it was issued for. */
  async function bindChallenge(services: any, ctx: Ctx, clientId: string, result: Req): Promise<Req> {
    if (!result?.ChallengeName || !result.Session) return result;
    const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const username = result.ChallengeParameters?.USER_ID_FOR_SRP;
    return { ...result, Session: openSession({ poolId: pool.options.Id, clientId, username, challenge: result.ChallengeName }) };
  }

  /** The account behind a valid access token of this pool, as Cognito checks it before any account call. */
  async function accountOf(services: any, ctx: Ctx, token: unknown) {
    if (typeof token !== 'string' || !token) throw cognitoError('InvalidParameterException', 'Missing required parameter AccessToken');
    let claims: Req;
    try {
      claims = jwt.verify(token, signingKey(), { algorithms: ['RS256'] });
    } catch (err) {
      if ((err as Error).name === 'TokenExpiredError') throw cognitoError('NotAuthorizedException', 'Access Token has expired');
      throw cognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
    if (claims.token_use !== 'access' || typeof claims.client_id !== 'string') {
      throw cognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
    const pool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
    if (claims.iss !== `${services.config.TokenConfig.IssuerDomain}/${pool.options.Id}`) {
      throw cognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
    const user = await pool.getUserByUsername(ctx, claims.sub);
    if (!user) throw cognitoError('NotAuthorizedException', 'User does not exist.');
    // GlobalSignOut revokes every token issued before it (to the second, as tokens carry their issue time).
    if (user.TokensRevokedAt && claims.iat < Math.floor(Date.parse(user.TokensRevokedAt) / 1000)) {
      throw cognitoError('NotAuthorizedException', 'Access Token has been revoked');
    }
    return { pool, user };
  }

  /** Cognito's checks of the access token, then cognito-local's own target. */
  const withAccessToken =
    (target: string): Wrapper =>
    (services, route) =>
    async (ctx, req) => {
      await accountOf(services, ctx, req.AccessToken);
      return route(target)(ctx, req);
    };

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

  /** Answers to a challenge, in a session bound to one user; the TOTP answer is checked here. */
  const respond =
    (admin: boolean): Wrapper =>
    (services, route) =>
    async (ctx, req) => {
      const pool = admin
        ? await services.cognito.getUserPool(ctx, req.UserPoolId)
        : await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const session = sessionFor(req, { clientId: req.ClientId, poolId: pool.options.Id });
      const named = req.ChallengeResponses?.USERNAME;
      if (typeof named !== 'string' || !named) throw cognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
      const user = await pool.getUserByUsername(ctx, named);
      if (!user || user.Username !== session.username) throw cognitoError('NotAuthorizedException', 'Invalid session for the user.');

      if (session.challenge === SOFTWARE_TOKEN_MFA) {
        const secret = activeSecret(user);
        const code = String(req.ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE ?? '');
        // A wrong code leaves the session as it was: the user may type the next one.
        if (!secret || !verifyTotp(secret, code, now())) throw cognitoError('CodeMismatchException', 'Invalid code received for user');
        sessions.delete(req.Session);
        return signedIn(services, ctx, pool, user, req.ClientId, req.ClientMetadata);
      }
      if (admin) throw cognitoError('InvalidParameterException', `The local pool answers ${SOFTWARE_TOKEN_MFA} only here.`);
      // Other challenges (a new password, the choice of factor): cognito-local's answer, for the session's user.
      const result = await route('RespondToAuthChallenge')(ctx, {
        ...req,
        ChallengeResponses: { ...req.ChallengeResponses, USERNAME: user.Username },
      });
      sessions.delete(req.Session);
      return bindChallenge(services, ctx, req.ClientId, result);
    };

  return {
    /**
     * A password sign-in whose answer is a challenge gets a session bound to the user; a refresh keeps the
     * sign-in's auth_time (cognito-local stamps the refresh's own time), as Cognito does.
     */
    InitiateAuth: (services, route) => async (ctx, req) => {
      const result = await route('InitiateAuth')(ctx, req);
      if (REFRESH_FLOWS.has(req.AuthFlow)) return keepAuthTime(result, req.AuthParameters?.REFRESH_TOKEN);
      return bindChallenge(services, ctx, req.ClientId, result);
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
            Session: openSession({
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

    RespondToAuthChallenge: respond(false),
    AdminRespondToAuthChallenge: respond(true),

    /** A new key for the signed-in user; a verified one stays in force until the new one is verified. */
    AssociateSoftwareToken: (services, route) => async (ctx, req) => {
      // The Session form belongs to pools that require MFA at sign-up; cognito-local refuses it.
      if (!req.AccessToken) return route('AssociateSoftwareToken')(ctx, req);
      const { pool, user } = await accountOf(services, ctx, req.AccessToken);
      assertPoolOffersTotp(pool);
      const email = attribute(user, 'email')?.toLowerCase();
      const secret = (email && fixed.get(email)) || newTotpSecret();
      await pool.saveUser(ctx, { ...user, PendingSoftwareTokenSecret: secret, UserLastModifiedDate: services.clock.get() });
      return { SecretCode: secret };
    },

    /** The first code from the new key: it becomes the account's key and TOTP is on. */
    VerifySoftwareToken: (services, route) => async (ctx, req) => {
      if (!req.AccessToken) return route('VerifySoftwareToken')(ctx, req);
      if (typeof req.UserCode !== 'string' || !/^\d{6}$/.test(req.UserCode)) {
        throw cognitoError(
          'InvalidParameterException',
          "1 validation error detected: Value at 'userCode' failed to satisfy constraint: Member must have length 6 and be digits only",
        );
      }
      const { pool, user } = await accountOf(services, ctx, req.AccessToken);
      assertPoolOffersTotp(pool);
      const pending: string | undefined = user.PendingSoftwareTokenSecret;
      if (!pending) throw cognitoError('InvalidParameterException', 'User has not associated a software token');
      if (!verifyTotp(pending, req.UserCode, now())) {
        throw cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
      }
      const methods = new Set<string>(user.UserMFASettingList ?? []);
      methods.add(SOFTWARE_TOKEN_MFA);
      await pool.saveUser(ctx, {
        ...user,
        SoftwareTokenMfaConfiguration: { Secret: pending, Verified: true, FriendlyDeviceName: req.FriendlyDeviceName },
        PendingSoftwareTokenSecret: undefined,
        UserMFASettingList: [...methods],
        UserLastModifiedDate: services.clock.get(),
      });
      return { Status: 'SUCCESS' };
    },

    SetUserMFAPreference: withAccessToken('SetUserMFAPreference'),
    GetUser: withAccessToken('GetUser'),

    /**
     * The account page's password change, checked as Cognito checks it: the access token (cognito-local
     * only decodes it), a wrong previous password as NotAuthorizedException (cognito-local says
     * InvalidPasswordException, which Cognito keeps for the new password's policy), then the policy.
     */
    /**
     * A new e-mail address, as Cognito handles it for a pool that keeps the original until the new one is
     * verified: the token checked, the address stays as it was, the new one waits beside it with a code,
     * and the code goes to the NEW address (cognito-local sends it to the old one). An address another
     * account has is refused (AliasExistsException).
     */
    UpdateUserAttributes: (services, route) => async (ctx, req) => {
      const { pool, user } = await accountOf(services, ctx, req.AccessToken);
      const email = (req.UserAttributes as { Name: string; Value: string }[] | undefined)?.find((a) => a.Name === 'email')?.Value;
      if (!email || req.UserAttributes.length !== 1) return route('UpdateUserAttributes')(ctx, req);
      const other = await pool.getUserByUsername(ctx, email);
      if (other && other.Username !== user.Username)
        throw cognitoError('AliasExistsException', 'An account with the given email already exists.');
      const code = services.otp();
      const pending = { ...user, UnverifiedAttributeChanges: [{ Name: 'email', Value: email }], AttributeVerificationCode: code };
      await pool.saveUser(ctx, { ...pending, UserLastModifiedDate: services.clock.get() });
      const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
      const addressed = {
        ...pending,
        Attributes: [...user.Attributes.filter((a: Req) => a.Name !== 'email'), { Name: 'email', Value: email }],
      };
      await services.messages.deliver(ctx, 'UpdateUserAttribute', null, pool.options.Id, addressed, code, req.ClientMetadata, delivery);
      return { CodeDeliveryDetailsList: [delivery] };
    },
    /** The code of a new address, with the token checked (cognito-local only decodes it); then its own target. */
    VerifyUserAttribute: withAccessToken('VerifyUserAttribute'),

    ChangePassword: (services, route) => async (ctx, req) => {
      const { pool, user } = await accountOf(services, ctx, req.AccessToken);
      if (req.PreviousPassword !== user.Password) throw cognitoError('NotAuthorizedException', 'Incorrect username or password.');
      const min = pool.options.Policies?.PasswordPolicy?.MinimumLength ?? 8;
      if (typeof req.ProposedPassword !== 'string' || req.ProposedPassword.length < min) {
        throw cognitoError('InvalidPasswordException', 'Password did not conform with policy: Password not long enough');
      }
      return route('ChangePassword')(ctx, req);
    },

    /** Signs the user out everywhere: every refresh token dies, and access tokens issued until now. */
    GlobalSignOut: (services) => async (ctx, req) => {
      const { pool, user } = await accountOf(services, ctx, req.AccessToken);
      await signOutEverywhere(ctx, pool, user);
      return {};
    },

    /** The operator's global sign-out (what the API calls once an authenticator is set up), missing in cognito-local. */
    AdminUserGlobalSignOut: (services) => async (ctx, req) => {
      const { pool, user } = await operatorAccount(services, ctx, req);
      await signOutEverywhere(ctx, pool, user);
      return {};
    },

    /** The operator's MFA preference of an account (what the API calls to remove an authenticator), missing in cognito-local. */
    AdminSetUserMFAPreference: (services) => async (ctx, req) => {
      const { pool, user } = await operatorAccount(services, ctx, req);
      const software = req.SoftwareTokenMfaSettings;
      if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) {
        throw cognitoError('InvalidParameterException', 'User has not verified software token MFA');
      }
      const methods = new Set<string>(user.UserMFASettingList ?? []);
      if (software) {
        if (software.Enabled) methods.add(SOFTWARE_TOKEN_MFA);
        else methods.delete(SOFTWARE_TOKEN_MFA);
      }
      const preferred =
        software?.PreferredMfa && methods.has(SOFTWARE_TOKEN_MFA)
          ? SOFTWARE_TOKEN_MFA
          : methods.has(user.PreferredMfaSetting)
            ? user.PreferredMfaSetting
            : undefined;
      await pool.saveUser(ctx, {
        ...user,
        UserMFASettingList: [...methods],
        PreferredMfaSetting: preferred,
        UserLastModifiedDate: services.clock.get(),
      });
      return {};
    },
  };

  function signOutEverywhere(ctx: Ctx, pool: Req, user: Req) {
    return pool.saveUser(ctx, { ...user, RefreshTokens: [], TokensRevokedAt: new Date(now()).toISOString() });
  }

  /** The account an operator's call names (pool id and user name, e-mail alias included). */
  async function operatorAccount(services: any, ctx: Ctx, req: Req) {
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user = typeof req.Username === 'string' ? await pool.getUserByUsername(ctx, req.Username) : null;
    if (!user) throw cognitoError('UserNotFoundException', 'User does not exist.');
    return { pool, user };
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
      token &&
      jwt.sign({ ...(jwt.decode(token) as Req), auth_time: signedInAt }, privatePem, { algorithm: 'RS256', keyid: 'CognitoLocal' });
    return { ...result, AuthenticationResult: { ...tokens, IdToken: restamp(tokens.IdToken), AccessToken: restamp(tokens.AccessToken) } };
  }
}
