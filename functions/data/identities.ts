/** The identity provider's directory (Cognito): who has an account, whatever our table holds. */
import { AdminGetUserCommand, AdminListGroupsForUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../lib/aws/cognito.js';
import { config } from '../lib/config.js';

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
}

/** The account's profile attributes (ID tokens do not always carry them all). */
export async function getAccountAttributes(cognitoUsername: string): Promise<AccountAttributes> {
  const res = await cognito().send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: cognitoUsername }));
  const attr = (name: string) => res.UserAttributes?.find((a) => a.Name === name)?.Value;
  return { email: attr('email') ?? '', name: attr('name') ?? '', preferredUsername: attr('preferred_username') ?? null };
}

/**
 * Whether the account is in a group now, asked of the directory itself (a token's groups are as of its
 * issue, up to an hour old): what ends an impersonation the moment its admin leaves the admin group.
 */
export async function isInGroup(cognitoUsername: string, group: string): Promise<boolean> {
  let token: string | undefined;
  do {
    const res = await cognito().send(new AdminListGroupsForUserCommand({ UserPoolId: config.userPoolId, Username: cognitoUsername, NextToken: token }));
    if (res.Groups?.some((g) => g.GroupName === group)) return true;
    token = res.NextToken;
  } while (token);
  return false;
}
