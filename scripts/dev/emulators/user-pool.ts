/** The local user pool, its app client and the admin group: created once, remembered under .data/. */
import fs from 'node:fs';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP, MIN_PASSWORD_LENGTH } from '../../../shared/constants.js';

export interface PoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

export function localCognitoClient(endpoint: string) {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** MFA as in AWS (infra/constructs/auth.ts): optional, TOTP only; also set on pools made before it was. */
const mfaAsInAws = (client: CognitoIdentityProviderClient, userPoolId: string) =>
  client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );

export async function ensureUserPool(endpoint: string, idsFile: string): Promise<PoolIds> {
  const client = localCognitoClient(endpoint);
  if (fs.existsSync(idsFile)) {
    const ids = JSON.parse(fs.readFileSync(idsFile, 'utf8')) as PoolIds;
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }));
      await mfaAsInAws(client, ids.userPoolId);
      return ids;
    } catch {
      // The pool's data is gone (e.g. a partial reset): make a new one.
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'snip-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: MIN_PASSWORD_LENGTH } },
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  await mfaAsInAws(client, userPoolId);
  const app = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      // As in AWS (infra/constructs/auth.ts), so sessions refresh locally as often as they do there.
      IdTokenValidity: 1,
      AccessTokenValidity: 1,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { IdToken: 'hours', AccessToken: 'hours', RefreshToken: 'days' },
    }),
  );
  await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP }));
  const ids = { userPoolId, userPoolClientId: app.UserPoolClient!.ClientId! };
  fs.writeFileSync(idsFile, JSON.stringify(ids, null, 2));
  return ids;
}
