/** The user pool's MFA in AWS: optional, TOTP only (admins are held to it by the app and the API). */
import * as fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist, makeTempDir, synthStack, type Synthesized } from './synth.js';

let dir: string;
let s: Synthesized;

beforeAll(() => {
  dir = makeTempDir('infra-auth-mfa');
  s = synthStack({ dir, lambdaCode: 'placeholder', webDist: fakeWebDist(dir) });
  if (s.error) throw s.error;
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('user pool MFA', () => {
  it('is optional with TOTP as the only second factor (no SMS, so no SNS role)', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
    const pool = Object.values(s.template.findResources('AWS::Cognito::UserPool'))[0] as { Properties: Record<string, unknown> };
    expect(pool.Properties.SmsConfiguration).toBeUndefined();
  });

  it('lets the API read an account\'s MFA settings (AdminGetUser), and nothing more of the pool', () => {
    const policies = Object.values(s.template.findResources('AWS::IAM::Policy')) as any[];
    const cognitoActions = new Set(
      policies
        .flatMap((p) => p.Properties.PolicyDocument.Statement)
        .flatMap((st: any) => [st.Action].flat())
        .filter((a: string) => a.startsWith('cognito-idp:')),
    );
    expect(cognitoActions.has('cognito-idp:AdminGetUser')).toBe(true);
    expect([...cognitoActions].filter((a) => /MFA|SoftwareToken/i.test(a))).toEqual([]);
  });
});
