/**
 * Setting up an account's authenticator in the local pool, and turning TOTP on or off: by the signed-in
 * user (access token checked) or by an operator.
 */
import {
  accountOf,
  assertPoolOffersTotp,
  attribute,
  cognitoError,
  operatorAccount,
  SOFTWARE_TOKEN_MFA,
  withAccessToken,
  type Wrapper,
} from './cognito-accounts.js';
import { newTotpSecret, verifyTotp } from './cognito-totp.js';

/** The MFA preference an operator sets (what the API calls to remove an authenticator), missing in cognito-local. */
const adminSetUserMfaPreference: Wrapper = (services) => async (ctx, req) => {
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
};

/**
 * The authenticator targets. `fixed`: the keys (by lower-case e-mail) given instead of random ones, the
 * demo admin's.
 */
export function authenticatorTargets(fixed: Map<string, string>, now: () => number): Record<string, Wrapper> {
  return {
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
    AdminSetUserMFAPreference: adminSetUserMfaPreference,
  };
}
