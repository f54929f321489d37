/** The identity provider's directory (Cognito): who has an account, whatever our table holds. */
import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  SetUserMFAPreferenceCommand,
  UserNotFoundException,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../../lib/aws/cognito.js';
import { config } from '../../lib/config.js';

/** E-mail is a sign-in alias, so AdminGetUser finds an account by it: a lookup, not a scan. */
export async function accountExistsForEmail(email: string): Promise<boolean> {
  try {
    await cognito().send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: email }));
    return true;
  } catch (err) {
    if (err instanceof UserNotFoundException || (err as Error).name === 'UserNotFoundException') return false;
    throw err;
  }
}

export interface AccountAttributes {
  email: string;
  name: string;
  preferredUsername: string | null;
  /** When the account last changed in the directory (its password among what changes it), if it says. */
  modifiedAt: string | null;
}

/** The account's profile attributes (ID tokens do not always carry them all). */
export async function getAccountAttributes(cognitoUsername: string): Promise<AccountAttributes> {
  const res = await cognito().send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: cognitoUsername }));
  const attr = (name: string) => res.UserAttributes?.find((a) => a.Name === name)?.Value;
  return {
    email: attr('email') ?? '',
    name: attr('name') ?? '',
    preferredUsername: attr('preferred_username') ?? null,
    modifiedAt: res.UserLastModifiedDate?.toISOString() ?? null,
  };
}

/**
 * Whether the account is in a group now, asked of the directory itself (a token's groups are as of its
 * issue, up to an hour old): what ends an impersonation the moment its admin leaves the admin group.
 */
export async function isInGroup(cognitoUsername: string, group: string): Promise<boolean> {
  let token: string | undefined;
  do {
    const res = await cognito().send(
      new AdminListGroupsForUserCommand({ UserPoolId: config.userPoolId, Username: cognitoUsername, NextToken: token }),
    );
    if (res.Groups?.some((g) => g.GroupName === group)) return true;
    token = res.NextToken;
  } while (token);
  return false;
}

/**
 * A new authenticator key for the account of an access token; the account's verified key, if any, stays in
 * force until the new one is verified. The call is the user's own (authorised by their token, no IAM).
 */
export async function associateTotp(accessToken: string): Promise<string> {
  const res = await cognito().send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  return res.SecretCode!;
}

/** Verifies the first code of the new key, which becomes the account's, and turns TOTP on and preferred. */
export async function verifyTotp(accessToken: string, code: string, deviceName: string): Promise<void> {
  await cognito().send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code, FriendlyDeviceName: deviceName }));
  await cognito().send(
    new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
  );
}

/** Turns the account's TOTP off (an operator's call: cognito-idp:AdminSetUserMFAPreference). */
export async function turnTotpOff(cognitoUsername: string): Promise<void> {
  await cognito().send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: config.userPoolId,
      Username: cognitoUsername,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
}

/** Signs the account out everywhere: its refresh tokens, and the access tokens issued so far, are revoked. */
export async function signOutEverywhere(cognitoUsername: string): Promise<void> {
  await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: config.userPoolId, Username: cognitoUsername }));
}

/** Removes the account from the directory: nobody signs in to it again. One already gone is fine (a deletion finishing). */
export async function deleteAccount(cognitoUsername: string): Promise<void> {
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: cognitoUsername }));
  } catch (err) {
    if (!(err instanceof UserNotFoundException || (err as Error).name === 'UserNotFoundException')) throw err;
  }
}
