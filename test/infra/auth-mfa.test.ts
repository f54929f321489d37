/** The user pool's MFA in AWS: optional, TOTP only (admins are held to it by the app and the API). */
import { describe, expect, it } from 'vitest';
import { synthesizeForFile, type Synthesized } from './synth.js';

let s: Synthesized;
synthesizeForFile('infra-auth-mfa', (synthesized) => (s = synthesized));

describe('user pool MFA', () => {
  it('is optional with TOTP as the only second factor (no SMS, so no SNS role)', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
    const pool = Object.values(s.template.findResources('AWS::Cognito::UserPool'))[0] as { Properties: Record<string, unknown> };
    expect(pool.Properties.SmsConfiguration).toBeUndefined();
  });

  it("lets each area read an account's MFA settings (AdminGetUser); only the users area may turn an admin's TOTP off or sign them out", () => {
    const resources = (type: string) => Object.entries(s.template.findResources(type)) as [string, any][];
    const policies = resources('AWS::IAM::Policy').map(([, p]) => p);
    const cognitoActionsOf = (fn: any) => {
      const role = fn.Properties.Role['Fn::GetAtt'][0];
      const statements = policies
        .filter((p) => p.Properties.Roles.some((r: any) => r.Ref === role))
        .flatMap((p) => p.Properties.PolicyDocument.Statement);
      return statements
        .flatMap((st: any) => [st.Action].flat())
        .filter((a: string) => a.startsWith('cognito-idp:'))
        .sort();
    };
    const areas = resources('AWS::Lambda::Function').flatMap(([, fn]) => {
      const area = /^HTTP handlers of the (.*) area$/.exec(fn.Properties.Description ?? '')?.[1];
      return area ? [[area, cognitoActionsOf(fn)] as const] : [];
    });
    expect(areas.map(([area]) => area)).toContain('users');
    for (const [area, actions] of areas) {
      expect(actions, area).toContain('cognito-idp:AdminGetUser');
      const changing = actions.filter((a) => /MFA|SoftwareToken|SignOut/i.test(a));
      expect(changing, area).toEqual(
        area === 'users' ? ['cognito-idp:AdminSetUserMFAPreference', 'cognito-idp:AdminUserGlobalSignOut'] : [],
      );
    }
  });
});
