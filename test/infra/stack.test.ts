import * as fs from 'node:fs';
import * as path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '../../functions/lib/route.js';
import { routes } from '../../functions/routes.js';
import { routesByArea } from '../../infra/constructs/api.js';
import { dependencyGraph, fakeWebDist, findCycle, makeTempDir, synthStack, type Synthesized } from './synth.js';

let dir: string;
let s: Synthesized;

beforeAll(() => {
  dir = makeTempDir('infra-stack');
  s = synthStack({ dir, lambdaCode: 'placeholder', webDist: fakeWebDist(dir) });
  if (s.error) throw s.error;
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const resourcesOf = (type: string, props?: unknown) => s.template.findResources(type, props ? { Properties: props } : undefined);
const onlyLogicalId = (type: string, props?: unknown) => {
  const ids = Object.keys(resourcesOf(type, props));
  expect(ids, `exactly one ${type}`).toHaveLength(1);
  return ids[0];
};
const getAtt = (id: string, attr: string) => ({ 'Fn::GetAtt': [id, attr] });
const appOrigin = () => ({ 'Fn::Join': ['', ['https://', getAtt(onlyLogicalId('AWS::CloudFront::Distribution'), 'DomainName')]] });

describe('template', () => {
  it('has no dependency cycle', () => {
    expect(findCycle(dependencyGraph(s.json))).toBeUndefined();
  });

  it('exports the outputs the operator and the scripts read', () => {
    const outputs = Object.keys(s.json.Outputs ?? {});
    for (const name of ['ApiUrl', 'UserPoolId', 'UserPoolClientId', 'WebUrl', 'TableName', 'MediaBucketName']) {
      expect(outputs).toContain(name);
    }
  });

  it('takes the sender address as a parameter', () => {
    s.template.hasParameter('MailFrom', { Type: 'String' });
    expect(s.json.Parameters.MailFrom.Default).toBeUndefined();
  });
});

describe('auth', () => {
  it('signs in by e-mail with a 6-character password and no other rule', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: {
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      Schema: Match.arrayWith([
        { Name: 'name', Mutable: true, Required: false },
        { Name: 'preferred_username', Mutable: true, Required: false },
      ]),
    });
  });

  it('sends its e-mails from the MailFrom address through SES', () => {
    const pool = Object.values(resourcesOf('AWS::Cognito::UserPool'))[0] as any;
    const [condition, ses, fallback] = pool.Properties.EmailConfiguration['Fn::If'];
    expect(s.json.Conditions[condition]).toEqual({ 'Fn::Equals': [{ Ref: 'CognitoEmailSender' }, 'SES'] });
    expect(ses).toMatchObject({ EmailSendingAccount: 'DEVELOPER', From: { Ref: 'MailFrom' } });
    expect(JSON.stringify(ses.SourceArn)).toContain(':identity/');
    expect(fallback).toEqual({ EmailSendingAccount: 'COGNITO_DEFAULT' });
    expect(s.json.Parameters.CognitoEmailSender.Default).toBe('SES');
  });

  it('wires the CustomMessage trigger, which knows the app URL', () => {
    const triggerId = onlyLogicalId('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ APP_URL: appOrigin() }) },
      Description: Match.stringLikeRegexp('CustomMessage'),
    });
    s.template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { CustomMessage: getAtt(triggerId, 'Arn') },
    });
    s.template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: getAtt(triggerId, 'Arn'),
      Principal: 'cognito-idp.amazonaws.com',
    });
  });

  it('has the admin group', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });

  it('has a public web client without secret, password and SRP flows, sensible token lifetimes', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      IdTokenValidity: 60,
      AccessTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('keeps the user pool when the stack is deleted', () => {
    s.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });
});

describe('data', () => {
  it('is one on-demand table with PK/SK, GSI1, GSI2, a stream and point-in-time recovery, kept on delete', () => {
    s.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    s.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayWith(
          ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK'].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        ),
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        GlobalSecondaryIndexes: ['GSI1', 'GSI2'].map((name) => ({
          IndexName: name,
          KeySchema: [
            { AttributeName: `${name}PK`, KeyType: 'HASH' },
            { AttributeName: `${name}SK`, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      },
    });
  });
});

describe('media', () => {
  const mediaBucketId = () => onlyLogicalId('AWS::S3::Bucket', { LoggingConfiguration: { LogFilePrefix: 's3/media/' } });

  it('is private, encrypted, logged, and answers CORS for the app origin only', () => {
    s.template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: {
        LoggingConfiguration: { LogFilePrefix: 's3/media/' },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        CorsConfiguration: {
          CorsRules: [
            Match.objectLike({
              AllowedOrigins: [appOrigin()],
              AllowedMethods: Match.arrayWith(['GET', 'PUT', 'POST', 'HEAD']),
            }),
          ],
        },
      },
    });
  });

  it('refuses requests without TLS', () => {
    s.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: mediaBucketId() },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Principal: { AWS: '*' },
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('leaves no bucket open to the public', () => {
    for (const bucket of Object.values(resourcesOf('AWS::S3::Bucket')) as any[]) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.WebsiteConfiguration).toBeUndefined();
    }
  });
});

describe('api', () => {
  const areas = [...routesByArea().keys()];
  const areaFunctions = () =>
    resourcesOf('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^HTTP handlers of the ') });

  it('has one Node.js 22 ARM function per feature area of the route table', () => {
    const fns = Object.values(areaFunctions()) as any[];
    expect(fns.map((f) => f.Properties.Description).sort()).toEqual(areas.map((a) => `HTTP handlers of the ${a} area`).sort());
    for (const fn of fns) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
    }
  });

  it('gives every function the environment of functions/lib/config.ts', () => {
    for (const fn of Object.values(areaFunctions()) as any[]) {
      const env = fn.Properties.Environment.Variables;
      expect(env.STAGE).toBe('aws');
      for (const name of ['TABLE_NAME', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'MEDIA_BUCKET', 'APP_URL', 'MAIL_FROM']) {
        expect(env[name], name).toBeDefined();
      }
      expect(env.MAIL_FROM).toEqual({ Ref: 'MailFrom' });
      expect(env.APP_URL).toEqual(appOrigin());
    }
  });

  it('has a route for every entry of the route table, with the JWT authorizer exactly on the non-public ones', () => {
    const authorizerId = onlyLogicalId('AWS::ApiGatewayV2::Authorizer');
    const apiRoutes = Object.values(resourcesOf('AWS::ApiGatewayV2::Route')) as any[];
    expect(apiRoutes).toHaveLength(Object.keys(routes).length);
    for (const [name, def] of Object.entries(routes)) {
      const route = apiRoutes.find((r) => r.Properties.RouteKey === routeKey(def));
      expect(route, `route ${name}`).toBeDefined();
      if (def.access === 'public') {
        expect(route.Properties.AuthorizationType, name).toBe('NONE');
        expect(route.Properties.AuthorizerId, name).toBeUndefined();
      } else {
        expect(route.Properties.AuthorizationType, name).toBe('JWT');
        expect(route.Properties.AuthorizerId, name).toEqual({ Ref: authorizerId });
      }
    }
  });

  it('routes each entry to the function of its area', () => {
    const fnIds = Object.entries(areaFunctions()).map(([id, fn]: [string, any]) => [id, fn.Properties.Description] as const);
    const integrations = resourcesOf('AWS::ApiGatewayV2::Integration');
    for (const def of Object.values(routes)) {
      const route = Object.values(resourcesOf('AWS::ApiGatewayV2::Route', { RouteKey: routeKey(def) }))[0] as any;
      const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref;
      const integration = integrations[integrationId] as any;
      const fnId = fnIds.find(([, d]) => d === `HTTP handlers of the ${def.area} area`)![0];
      expect(JSON.stringify(integration.Properties.IntegrationUri)).toContain(fnId);
    }
  });

  it('checks Cognito ID tokens of the web client', () => {
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: onlyLogicalId('AWS::Cognito::UserPoolClient') }],
        Issuer: {
          'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', { Ref: onlyLogicalId('AWS::Cognito::UserPool') }]],
        },
      },
    });
  });

  it('answers CORS for the app origin and logs access on its stage', () => {
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({ AllowOrigins: [appOrigin()], AllowHeaders: Match.arrayWith(['authorization', 'content-type']) }),
    });
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
    });
  });

  it('grants the functions item-level table access, object access, the two Cognito reads and SES sending, never a Scan', () => {
    const policies = Object.values(resourcesOf('AWS::IAM::Policy')).filter((p: any) =>
      p.Properties.Roles.some((r: any) => Object.keys(areaFunctions()).some((id) => r.Ref.startsWith(id.slice(0, -8)))),
    ) as any[];
    expect(policies).toHaveLength(areas.length);
    for (const policy of policies) {
      const statements = policy.Properties.PolicyDocument.Statement as any[];
      const actions = statements.flatMap((st) => [st.Action].flat());
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 's3:GetObject', 's3:PutObject']));
      expect(actions).toEqual(expect.arrayContaining(['cognito-idp:AdminGetUser', 'cognito-idp:ListUsers', 'ses:SendEmail']));
      expect(actions).not.toContain('dynamodb:Scan');
      expect(actions.filter((a) => a.includes('*'))).toEqual([]);
    }
  });
});

describe('web', () => {
  it('serves the bundle and the images from private buckets through origin access control', () => {
    s.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    const distribution = Object.values(resourcesOf('AWS::CloudFront::Distribution'))[0] as any;
    const config = distribution.Properties.DistributionConfig;
    expect(config.Origins).toHaveLength(2);
    for (const origin of config.Origins) {
      expect(origin.OriginAccessControlId).toBeDefined();
      expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    }
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.CacheBehaviors.map((b: any) => b.PathPattern)).toEqual(['/images/*']);
  });

  it('falls back to index.html for unknown paths (single-page app)', () => {
    s.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CustomErrorResponses: [
          { ErrorCode: 403, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
          { ErrorCode: 404, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
        ],
      }),
    });
  });

  it('sends security headers: CSP, HSTS, nosniff, DENY framing, referrer policy', () => {
    const policyId = onlyLogicalId('AWS::CloudFront::ResponseHeadersPolicy');
    const policy = (resourcesOf('AWS::CloudFront::ResponseHeadersPolicy')[policyId] as any).Properties.ResponseHeadersPolicyConfig;
    const headers = policy.SecurityHeadersConfig;
    const csp = (headers.ContentSecurityPolicy.ContentSecurityPolicy['Fn::Join'][1] as unknown[])
      .map((part) => (typeof part === 'string' ? part : '{region}'))
      .join('');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self' https://cognito-idp.{region}.amazonaws.com https://*.execute-api.{region}.amazonaws.com https://*.s3.{region}.amazonaws.com");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("media-src 'self' blob: https://*.s3.{region}.amazonaws.com");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');

    const distribution = Object.values(resourcesOf('AWS::CloudFront::Distribution'))[0] as any;
    const behaviors = [distribution.Properties.DistributionConfig.DefaultCacheBehavior, ...distribution.Properties.DistributionConfig.CacheBehaviors];
    for (const behavior of behaviors) expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('deploys the bundle and a config.json written from the stack values, then invalidates the cache', () => {
    const deployments = Object.values(resourcesOf('Custom::CDKBucketDeployment')) as any[];
    expect(deployments).toHaveLength(2);
    const pages = deployments.find((d) => d.Properties.DistributionId);
    expect(pages.Properties.DistributionPaths).toEqual(['/*']);
    expect(pages.Properties.Prune).toBe(false);
    const markers = JSON.stringify(pages.Properties.SourceMarkers);
    expect(markers).toContain('ApiEndpoint');
    expect(markers).toContain(onlyLogicalId('AWS::Cognito::UserPool'));
    expect(markers).toContain(onlyLogicalId('AWS::Cognito::UserPoolClient'));

    // The config.json asset itself: the keys web/src/lib/runtime-config.ts reads, values as deploy-time markers.
    const configAsset = findConfigJson(s.outdir);
    expect(configAsset).toMatchObject({ mode: 'aws' });
    for (const key of ['region', 'apiUrl', 'userPoolId', 'userPoolClientId']) {
      expect(configAsset[key], key).toMatch(/^<<marker:0xbaba:\d+>>$/);
    }
  });

  it('still deploys config.json when the web app has not been built', () => {
    const bare = makeTempDir('infra-bare');
    try {
      const result = synthStack({ dir: bare });
      if (result.error) throw result.error;
      const deployments = Object.values(result.template.findResources('Custom::CDKBucketDeployment')) as any[];
      expect(deployments).toHaveLength(1);
      expect(deployments[0].Properties.SourceObjectKeys).toHaveLength(1);
      expect(findConfigJson(result.outdir)).toMatchObject({ mode: 'aws' });
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('secrets', () => {
  it('creates the payment secret with a generated placeholder and grants it to nobody yet', () => {
    s.template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ GenerateStringKey: 'placeholder' }),
    });
    for (const secret of Object.values(resourcesOf('AWS::SecretsManager::Secret')) as any[]) {
      expect(secret.Properties.SecretString).toBeUndefined();
    }
  });

  it('holds no secret value anywhere in the template', () => {
    const text = JSON.stringify(s.json);
    const secretLike = /sk_(live|test)_[0-9a-zA-Z]+|rk_(live|test)_|whsec_[0-9a-zA-Z]+|-----BEGIN [A-Z ]*PRIVATE KEY/;
    expect(secretLike.test(text), 'a provider key in the template').toBe(false);
    expect(/"SecretString"\s*:/.test(text), 'a literal secret value in the template').toBe(false);
  });
});

/** Reads config.json out of the assembly's assets (unzipped by CDK into a folder or kept as a zip). */
function findConfigJson(outdir: string): Record<string, string> {
  for (const entry of fs.readdirSync(outdir)) {
    const file = path.join(outdir, entry, 'config.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  throw new Error('config.json asset not found');
}
