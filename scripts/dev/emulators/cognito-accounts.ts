/**
 * The accounts the local pool's MFA targets act on: cognito-local's errors, an account's TOTP settings, the
 * account behind an access token (checked as Cognito checks it, where cognito-local only decodes it) or
 * named by an operator's call; and the account calls that need nothing more.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const cognitoLocalDir = path.dirname(require.resolve('cognito-local/package.json'));
export const lib = (p: string) => require(`cognito-local/lib/${p}`);
/** cognito-local's own jsonwebtoken, the one that signs its tokens. */
export const jwt = require(require.resolve('jsonwebtoken', { paths: [cognitoLocalDir] }));
let publicKey: KeyObject | undefined;
const signingKey = () => (publicKey ??= createPublicKey(lib('keys/cognitoLocal.private.json').pem));

export type Ctx = any;
export type Req = Record<string, any>;
export type Target = (ctx: Ctx, req: any) => Promise<any>;
export type Route = (target: string) => Target;
/** A target of the local pool given its services and the targets it stands over. */
export type Wrapper = (services: any, route: Route) => Target;

export const SOFTWARE_TOKEN_MFA = 'SOFTWARE_TOKEN_MFA';

export function cognitoError(code: string, message: string): Error {
  const { CognitoError } = lib('errors');
  return new CognitoError(code, message);
}

export const attribute = (user: Req, name: string): string | undefined =>
  (user.Attributes as { Name: string; Value?: string }[] | undefined)?.find((a) => a.Name === name)?.Value;

/** The account's verified authenticator key, if it has one. */
export const activeSecret = (user: Req): string | undefined =>
  user.SoftwareTokenMfaConfiguration?.Verified ? user.SoftwareTokenMfaConfiguration.Secret : undefined;

/** TOTP is on for the account: what makes Cognito challenge its sign-ins. */
export const totpEnabled = (user: Req): boolean =>
  Boolean(activeSecret(user)) && (user.UserMFASettingList ?? []).includes(SOFTWARE_TOKEN_MFA);

/** The pool offers TOTP (infra/constructs/auth.ts: MFA optional, TOTP only). */
export function assertPoolOffersTotp(pool: Req) {
  const { MfaConfiguration, SoftwareTokenMfaConfiguration } = pool.options;
  if (MfaConfiguration === 'OFF' || SoftwareTokenMfaConfiguration?.Enabled !== true) {
    throw cognitoError('SoftwareTokenMFANotFoundException', 'Software Token MFA has not been enabled by the userPool.');
  }
}

/** The account behind a valid access token of this pool, as Cognito checks it before any account call. */
export async function accountOf(services: any, ctx: Ctx, token: unknown) {
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

/** The account an operator's call names (pool id and user name, e-mail alias included). */
export async function operatorAccount(services: any, ctx: Ctx, req: Req) {
  const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = typeof req.Username === 'string' ? await pool.getUserByUsername(ctx, req.Username) : null;
  if (!user) throw cognitoError('UserNotFoundException', 'User does not exist.');
  return { pool, user };
}

/** Cognito's checks of the access token, then cognito-local's own target. */
export const withAccessToken =
  (target: string): Wrapper =>
  (services, route) =>
  async (ctx, req) => {
    await accountOf(services, ctx, req.AccessToken);
    return route(target)(ctx, req);
  };

/** Signs the account a call names out everywhere: every refresh token dies, and access tokens issued until now. */
const signingOut =
  (now: () => number, find: (services: any, ctx: Ctx, req: Req) => Promise<{ pool: Req; user: Req }>): Wrapper =>
  (services) =>
  async (ctx, req) => {
    const { pool, user } = await find(services, ctx, req);
    await pool.saveUser(ctx, { ...user, RefreshTokens: [], TokensRevokedAt: new Date(now()).toISOString() });
    return {};
  };

/** The account page's calls: its details, its e-mail address, its password, signing out everywhere. */
export function accountTargets(now: () => number): Record<string, Wrapper> {
  return {
    GetUser: withAccessToken('GetUser'),

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

    /**
     * The account page's password change, checked as Cognito checks it: the access token (cognito-local
     * only decodes it), a wrong previous password as NotAuthorizedException (cognito-local says
     * InvalidPasswordException, which Cognito keeps for the new password's policy), then the policy.
     */
    ChangePassword: (services, route) => async (ctx, req) => {
      const { pool, user } = await accountOf(services, ctx, req.AccessToken);
      if (req.PreviousPassword !== user.Password) throw cognitoError('NotAuthorizedException', 'Incorrect username or password.');
      const min = pool.options.Policies?.PasswordPolicy?.MinimumLength ?? 8;
      if (typeof req.ProposedPassword !== 'string' || req.ProposedPassword.length < min) {
        throw cognitoError('InvalidPasswordException', 'Password did not conform with policy: Password not long enough');
      }
      return route('ChangePassword')(ctx, req);
    },

    GlobalSignOut: signingOut(now, (services, ctx, req) => accountOf(services, ctx, req.AccessToken)),
    /** The operator's global sign-out (what the API calls once an authenticator is set up), missing in cognito-local. */
    AdminUserGlobalSignOut: signingOut(now, operatorAccount),
  };
}
