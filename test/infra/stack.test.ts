import * as fs from 'node:fs';
import * as path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeKey } from '../../shared/api/route.js';
import { routes } from '../../shared/api/routes.js';
import {
  AREA_SETTINGS,
  BEDROCK_AREAS,
  BUCKET_PROBE_AREAS,
  IMAGES_GRANTS,
  MEDIA_GRANTS,
  MAIL_AREAS,
  PAYMENT_AREAS,
  routesByArea,
} from '../../infra/constructs/api.js';
import { REALTIME_ENTITIES } from '../../infra/constructs/realtime.js';
import { AREA_RESERVED_CONCURRENCY, UNRESERVED_MINIMUM } from '../../infra/concurrency.js';
import { TRACK_ENTITY } from '../../functions/tracks/data/tracks.js';
import { PROCESSING_DEADLINE_MS, PROCESSING_QUEUE, UNCLAIMED_UPLOAD_TAG } from '../../shared/constants.js';
import { dependencyGraph, findCycle, makeTempDir, synthesizeForFile, synthStack, type Synthesized } from './synth.js';

let s: Synthesized;
synthesizeForFile('infra-stack', (synthesized) => (s = synthesized));

const resourcesOf = (type: string, props?: unknown) => s.template.findResources(type, props ? { Properties: props } : undefined);
const onlyLogicalId = (type: string, props?: unknown) => {
  const ids = Object.keys(resourcesOf(type, props));
  expect(ids, `exactly one ${type}`).toHaveLength(1);
  return ids[0];
};
const getAtt = (id: string, attr: string) => ({ 'Fn::GetAtt': [id, attr] });
const appOrigin = () => ({ 'Fn::Join': ['', ['https://', getAtt(onlyLogicalId('AWS::CloudFront::Distribution'), 'DomainName')]] });
const httpApiId = () => onlyLogicalId('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
const webSocketApiId = () => onlyLogicalId('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
/** A Fn::Join as text, with references shown as {LogicalId} or {LogicalId.Attr} (other intrinsics as JSON). */
const joined = (value: any): string => {
  if (typeof value === 'string') return value;
  if (value.Ref) return `{${value.Ref}}`;
  if (value['Fn::GetAtt']) return `{${value['Fn::GetAtt'].join('.')}}`;
  if (value['Fn::Join']) return (value['Fn::Join'][1] as unknown[]).map(joined).join('');
  return JSON.stringify(value);
};
/** The statements of the default policy of a function's role. */
const statementsOf = (fnId: string): any[] => {
  const roleId = (resourcesOf('AWS::Lambda::Function')[fnId] as any).Properties.Role['Fn::GetAtt'][0];
  const policies = Object.values(resourcesOf('AWS::IAM::Policy')).filter((p: any) => p.Properties.Roles.some((r: any) => r.Ref === roleId));
  return policies.flatMap((p: any) => p.Properties.PolicyDocument.Statement);
};
const actionsOf = (statement: any): string[] => [statement.Action].flat();
const resourcesOfStatement = (statement: any): string[] => [statement.Resource].flat().map(joined);
/** A function's environment variables. */
const envOf = (fnId: string) => (resourcesOf('AWS::Lambda::Function')[fnId] as any).Properties.Environment.Variables;
/** What a function may do: its actions on the table's items (sorted), and every action of its statements. */
const actionsOfFunction = (fnId: string) => {
  const statements = statementsOf(fnId);
  const tableArn = `{${onlyLogicalId('AWS::DynamoDB::Table')}.Arn}`;
  const onTable = statements.filter((st) => resourcesOfStatement(st).includes(tableArn));
  return { onTable: onTable.flatMap(actionsOf).sort(), all: statements.flatMap(actionsOf) };
};
/** The EventBridge rule of this description, checked to run every minute. */
const everyMinute = (description: string) => {
  const ruleId = onlyLogicalId('AWS::Events::Rule', { Description: description });
  const rule = resourcesOf('AWS::Events::Rule')[ruleId] as any;
  expect(rule.Properties).toMatchObject({ State: 'ENABLED', ScheduleExpression: 'rate(1 minute)' });
  return { ruleId, rule };
};
const paymentSecretId = () =>
  onlyLogicalId('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ GenerateStringKey: 'placeholder' }) });
const impersonationSecretId = () => onlyLogicalId('AWS::SecretsManager::Secret', { Description: Match.stringLikeRegexp('impersonation') });

describe('template', () => {
  it('has no dependency cycle', () => {
    expect(findCycle(dependencyGraph(s.json))).toBeUndefined();
  });

  it('exports the outputs the operator and the scripts read', () => {
    const outputs = Object.keys(s.json.Outputs ?? {});
    for (const name of ['ApiUrl', 'RealtimeUrl', 'UserPoolId', 'UserPoolClientId', 'WebUrl', 'TableName', 'MediaBucketName']) {
      expect(outputs).toContain(name);
    }
    expect(joined(s.json.Outputs.RealtimeUrl.Value)).toBe(`wss://{${webSocketApiId()}}.execute-api.{AWS::Region}.{AWS::URLSuffix}/live`);
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

  it('wires the PostConfirmation trigger, which may only read and write table items', () => {
    const triggerId = onlyLogicalId('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('PostConfirmation') });
    s.template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: Match.objectLike({ PostConfirmation: getAtt(triggerId, 'Arn') }),
    });
    s.template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: getAtt(triggerId, 'Arn'),
      Principal: 'cognito-idp.amazonaws.com',
    });
    const fn = resourcesOf('AWS::Lambda::Function')[triggerId] as any;
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['STAGE', 'TABLE_NAME']));
    const statements = statementsOf(triggerId);
    // Beside its traces (X-Ray takes no resource), only these.
    expect(
      statements
        .flatMap(actionsOf)
        .filter((a) => !a.startsWith('xray:'))
        .sort(),
    ).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
  });

  it('has the admin group', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });

  it('has a public web client without secret, SRP sign-in only (no plain password flow), sensible token lifetimes', () => {
    const client = Object.values(resourcesOf('AWS::Cognito::UserPoolClient'))[0] as any;
    expect([...client.Properties.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH']);
    s.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
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
          ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK'].map((name) => ({
            AttributeName: name,
            AttributeType: 'S',
          })),
        ),
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        GlobalSecondaryIndexes: [
          ...['GSI1', 'GSI2'].map((name) => ({
            IndexName: name,
            KeySchema: [
              { AttributeName: `${name}PK`, KeyType: 'HASH' },
              { AttributeName: `${name}SK`, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          })),
          // GSI1's keys and the user search's attributes only: counting reads no track peaks or profiles.
          {
            IndexName: 'GSI1Count',
            KeySchema: [
              { AttributeName: 'GSI1PK', KeyType: 'HASH' },
              { AttributeName: 'GSI1SK', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['nameLower', 'email', 'fullName'] },
          },
          // The lists of users by type and tracks by owner: keys and the searched attributes, so a balance,
          // a bio or a track's shareIds written is no index write.
          {
            IndexName: 'GSI3',
            KeySchema: [
              { AttributeName: 'GSI3PK', KeyType: 'HASH' },
              { AttributeName: 'GSI3SK', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['nameLower', 'email', 'fullName'] },
          },
        ],
      },
    });
  });

  it('expires items through time to live on expiresAt (realtime connections)', () => {
    s.template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });
});

/**
 * What each function may do with the table, written out so that any widening shows in review: the item
 * actions on the table, the partitions they are held to (dynamodb:LeadingKeys), the indexes it may query.
 * infra/table-grants.ts says why; test/infra/table-grants.test.ts holds the actions to what each code sends.
 */
const TABLE_ACCESS: Record<string, { actions: string[]; leadingKeys?: string[]; indexes?: string[] }> = {
  'HTTP handlers of the users area': {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: ['GSI1', 'GSI2', 'GSI3'],
  },
  'HTTP handlers of the account area': {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
    indexes: ['GSI1', 'GSI2', 'GSI3'],
  },
  'HTTP handlers of the tracks area': {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'],
    indexes: ['GSI1', 'GSI3'],
  },
  'HTTP handlers of the shares area': {
    actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
    indexes: ['GSI1', 'GSI2'],
  },
  'HTTP handlers of the feedbacks area': { actions: ['GetItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem'] },
  'HTTP handlers of the payments area': {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: ['GSI1', 'GSI1Count', 'GSI2', 'GSI3'],
  },
  'HTTP handlers of the billing area': { actions: ['GetItem', 'PutItem', 'UpdateItem'] },
  'HTTP handlers of the admin area': { actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: ['GSI1', 'GSI3'] },
  'HTTP handlers of the health area': { actions: ['GetItem'], leadingKeys: ['HEALTH'] },
  'HTTP handlers of the telemetry area': { actions: ['UpdateItem'], leadingKeys: ['CLIENT#*'] },
  'HTTP handlers of the webhooks area': {
    actions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    leadingKeys: [
      'PAYMENT#*',
      'PAYOUT#*',
      'LEDGER#*',
      'USER#*',
      'SHARE#*',
      'TRACK#*',
      'WEBHOOK#*',
      'CUSTOMER#*',
      'CLIENT#*',
      'CONFIG',
      'STATS#POOL',
    ],
  },
  'HTTP handlers of the links area': {
    actions: ['GetItem', 'Query', 'UpdateItem', 'DeleteItem'],
    leadingKeys: ['USER#*', 'SHARE#*', 'PUBLICREVIEW#*', 'CLIENT#*'],
  },
  'Verifies, measures and draws the waveform of uploaded audio': {
    actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem'],
    leadingKeys: ['UPLOAD#*', 'AUDIOKEY#*', 'TRACK#*', 'PROCESSING#*', 'REFERENCES#*'],
  },
  "Deletes a closed request's reference tracks and their audio": {
    actions: ['Query', 'DeleteItem'],
    leadingKeys: ['REFERENCES#*'],
  },
  'Comment digests': {
    actions: ['GetItem', 'Query', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
    leadingKeys: ['SHARE#*', 'USER#*'],
    indexes: ['GSI2'],
  },
  'Payment checks': {
    actions: ['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'],
    indexes: ['GSI1', 'GSI2'],
  },
  'Realtime WebSocket routes': { actions: ['GetItem', 'PutItem', 'DeleteItem'], leadingKeys: ['CONN#*', 'USER#*'] },
  'Realtime delivery': { actions: ['Query', 'DeleteItem'], leadingKeys: ['CONN#*', 'USER#*'] },
  'Cognito PostConfirmation trigger': { actions: ['GetItem', 'PutItem', 'UpdateItem'], leadingKeys: ['USER#*', 'USERNAME#*', 'USERCOUNT'] },
  'Cognito CustomMessage trigger': { actions: [] },
};

describe('table access', () => {
  const tableArn = () => `{${onlyLogicalId('AWS::DynamoDB::Table')}.Arn}`;
  /** The function's statements on the table's items and indexes (not its stream), as in TABLE_ACCESS. */
  const tableAccessOf = (fnId: string) => {
    const table = tableArn();
    const statements = statementsOf(fnId).filter((st) => resourcesOfStatement(st).some((r) => r === table || r.startsWith(`${table}/`)));
    const onTable = statements.filter((st) => resourcesOfStatement(st).includes(table));
    const onIndexes = statements.filter((st) => !resourcesOfStatement(st).includes(table));
    expect(onTable.length, `${fnId}: one statement on the table`).toBeLessThanOrEqual(1);
    for (const st of onIndexes) expect(actionsOf(st), `${fnId}: only Query on an index`).toEqual(['dynamodb:Query']);
    const indexes = onIndexes.flatMap(resourcesOfStatement).map((r) => r.slice(`${table}/index/`.length));
    const leadingKeys = onTable[0]?.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
    // No other condition: one that a request need not meet would make the partitions no limit.
    if (onTable[0]?.Condition) expect(Object.keys(onTable[0].Condition)).toEqual(['ForAllValues:StringLike']);
    return {
      actions: (onTable[0] ? actionsOf(onTable[0]) : []).map((a) => a.replace(/^dynamodb:/, '')).sort(),
      ...(leadingKeys ? { leadingKeys: [leadingKeys].flat() } : {}),
      ...(indexes.length ? { indexes: indexes.sort() } : {}),
    };
  };
  const fnIdOf = (description: string) =>
    onlyLogicalId('AWS::Lambda::Function', { Description: Match.stringLikeRegexp(`^${description}`) });

  it.each(Object.keys(TABLE_ACCESS))('%s: exactly the table access listed', (description) => {
    const expected = TABLE_ACCESS[description];
    expect(tableAccessOf(fnIdOf(description))).toEqual({
      actions: [...expected.actions].sort(),
      ...(expected.leadingKeys ? { leadingKeys: expected.leadingKeys } : {}),
      ...(expected.indexes ? { indexes: [...expected.indexes].sort() } : {}),
    });
  });

  it('lists every function that may touch the table', () => {
    const listed = new Set(Object.keys(TABLE_ACCESS).map(fnIdOf));
    const touching = Object.keys(resourcesOf('AWS::Lambda::Function')).filter(
      (id) => tableAccessOf(id).actions.length || tableAccessOf(id).indexes,
    );
    expect(touching.filter((id) => !listed.has(id))).toEqual([]);
    for (const area of routesByArea().keys()) expect(Object.keys(TABLE_ACCESS), area).toContain(`HTTP handlers of the ${area} area`);
  });

  it('grants no Scan, no wildcard action and no table-wide resource beyond the table and its named indexes', () => {
    for (const id of Object.keys(resourcesOf('AWS::Lambda::Function'))) {
      const actions = statementsOf(id).flatMap(actionsOf);
      expect(
        actions.filter((a) => a === 'dynamodb:Scan' || a === 'dynamodb:*' || /^dynamodb:.*\*/.test(a)),
        id,
      ).toEqual([]);
      const table = tableArn();
      expect(
        statementsOf(id)
          .flatMap(resourcesOfStatement)
          .filter((r) => r.startsWith(table) && /\*/.test(r)),
        id,
      ).toEqual([]);
    }
  });

  it("keeps the public areas to their own keys: health reads one, telemetry counts under CLIENT#, links reach a link's user, share and lookup, webhooks the money's", () => {
    const writes = [
      'dynamodb:PutItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:UpdateItem',
    ];
    const health = statementsOf(fnIdOf('HTTP handlers of the health area'));
    const telemetry = statementsOf(fnIdOf('HTTP handlers of the telemetry area'));
    const dynamo = (statements: any[]) => statements.filter((st) => actionsOf(st).some((a) => a.startsWith('dynamodb:')));
    expect(dynamo(health).flatMap(actionsOf)).toEqual(['dynamodb:GetItem']);
    expect(
      dynamo(health)
        .flatMap(actionsOf)
        .filter((a) => writes.includes(a)),
    ).toEqual([]);
    expect(dynamo(telemetry).flatMap(actionsOf)).toEqual(['dynamodb:UpdateItem']);
    // An unsubscribe updates its user's preferences, a dead public link's lookup is forgotten: nothing is created.
    const links = statementsOf(fnIdOf('HTTP handlers of the links area'));
    expect(
      dynamo(links)
        .flatMap(actionsOf)
        .filter((a) => ['dynamodb:PutItem', 'dynamodb:BatchWriteItem'].includes(a)),
    ).toEqual([]);
    // The providers' webhooks move money, so they reach its partitions, and no index: never the audit, the
    // user counts, a username, an upload, its audio's lookup or processing places, a public link or a connection.
    const webhooks = statementsOf(fnIdOf('HTTP handlers of the webhooks area'));
    const webhookKeys = [dynamo(webhooks).map((st) => st.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys'])].flat(2);
    for (const never of ['AUDIT', 'USERCOUNT', 'USERNAME#x', 'UPLOAD#x', 'AUDIOKEY#x', 'PROCESSING#x', 'PUBLICREVIEW#x', 'CONN#x'])
      expect(
        webhookKeys.some((k: string) => new RegExp(`^${k.replace('*', '.*')}$`).test(never)),
        never,
      ).toBe(false);
    // Whatever they do, only under their own keys: the links never a payment, the ledger, a payout or the audit.
    for (const [statements, keys] of [
      [health, ['HEALTH']],
      [telemetry, ['CLIENT#*']],
      [links, ['USER#*', 'SHARE#*', 'PUBLICREVIEW#*', 'CLIENT#*']],
      [webhooks, TABLE_ACCESS['HTTP handlers of the webhooks area'].leadingKeys!],
    ] as const) {
      for (const st of dynamo(statements)) {
        expect(resourcesOfStatement(st)).toEqual([tableArn()]);
        expect(Object.keys(st.Condition)).toEqual(['ForAllValues:StringLike']);
        expect([st.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']].flat()).toEqual(keys);
      }
    }
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
  const areaFunctions = () => resourcesOf('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^HTTP handlers of the ') });

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
      // The e-mails' one-click unsubscribe posts to the API itself.
      expect(env.API_URL).toEqual(getAtt(httpApiId(), 'ApiEndpoint'));
    }
  });

  it('has a route for every entry of the route table, with the JWT authorizer exactly on the non-public ones', () => {
    const authorizerId = onlyLogicalId('AWS::ApiGatewayV2::Authorizer');
    const apiRoutes = Object.values(resourcesOf('AWS::ApiGatewayV2::Route', { ApiId: { Ref: httpApiId() } })) as any[];
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
          'Fn::Join': [
            '',
            ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', { Ref: onlyLogicalId('AWS::Cognito::UserPool') }],
          ],
        },
      },
    });
  });

  it('answers CORS for the app origin and logs access on its stage', () => {
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: [appOrigin()],
        AllowHeaders: Match.arrayWith(['authorization', 'content-type']),
      }),
    });
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
    });
  });

  it('reserves each area its own concurrency, so that processing and the jobs cannot take it, within a standard account', () => {
    const reserved = Object.fromEntries(
      (Object.values(areaFunctions()) as any[]).map((fn) => [
        fn.Properties.Description.replace(/^HTTP handlers of the (.*) area$/, '$1'),
        fn.Properties.ReservedConcurrentExecutions,
      ]),
    );
    expect(reserved).toEqual(Object.fromEntries(areas.map((a) => [a, AREA_RESERVED_CONCURRENCY[a]])));
    for (const area of areas) expect(reserved[area], area).toBeGreaterThan(0);
    const total = Object.values(s.json.Resources as Record<string, any>).reduce(
      (n, r) => n + (r.Properties?.ReservedConcurrentExecutions ?? 0),
      0,
    );
    // Lambda keeps 100 of the account's executions unreserved; the default account runs 1,000.
    expect(total + UNRESERVED_MINIMUM).toBeLessThanOrEqual(1000);
  });

  it('gives every area function the defaults (512 MB, the 29 s API maximum): no audio is decoded on the request path', () => {
    expect(AREA_SETTINGS).toEqual({});
    for (const [id, fn] of Object.entries(areaFunctions()) as [string, any][]) {
      expect({ MemorySize: fn.Properties.MemorySize, Timeout: fn.Properties.Timeout }, id).toEqual({ MemorySize: 512, Timeout: 29 });
    }
    expect(areas).toContain('tracks');
  });

  it('expires uploads after a day, processed audio still tagged as unclaimed, and abandoned multipart uploads', () => {
    const media = resourcesOf('AWS::S3::Bucket', { LoggingConfiguration: { LogFilePrefix: 's3/media/' } });
    const rules = (Object.values(media)[0] as any).Properties.LifecycleConfiguration.Rules;
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
        expect.objectContaining({ Id: 'ExpireUploads', Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
        expect.objectContaining({
          Id: 'ExpireUnclaimedUploads',
          TagFilters: [{ Key: UNCLAIMED_UPLOAD_TAG.key, Value: UNCLAIMED_UPLOAD_TAG.value }],
          ExpirationInDays: 1,
          Status: 'Enabled',
        }),
      ]),
    );
  });

  it('lets the tracks function presign uploads under uploads/ and listening under audio/ and references/, and nothing wider', () => {
    const tracksId = Object.entries(areaFunctions()).find(
      ([, fn]: [string, any]) => fn.Properties.Description === 'HTTP handlers of the tracks area',
    )![0];
    const mediaId = onlyLogicalId('AWS::S3::Bucket', { LoggingConfiguration: { LogFilePrefix: 's3/media/' } });
    const statements = statementsOf(tracksId);
    const on = (prefix: string) =>
      statements
        .filter((st) => resourcesOfStatement(st).includes(`{${mediaId}.Arn}/${prefix}/*`))
        .flatMap(actionsOf)
        .sort();
    expect(on('uploads')).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    expect(on('audio')).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObjectTagging']);
    // A request's reference tracks: played (presigned) and removed.
    expect(on('references')).toEqual(['s3:DeleteObject', 's3:GetObject']);
    const objectResources = statements.flatMap(resourcesOfStatement).filter((r) => r.includes(`{${mediaId}.Arn}/`));
    expect([...new Set(objectResources)].sort()).toEqual([
      `{${mediaId}.Arn}/audio/*`,
      `{${mediaId}.Arn}/references/*`,
      `{${mediaId}.Arn}/uploads/*`,
    ]);
    // A HEAD of a missing key answers 404 (not 403) only with ListBucket on the bucket.
    expect(statements.some((st) => actionsOf(st).includes('s3:ListBucket') && resourcesOfStatement(st).includes(`{${mediaId}.Arn}`))).toBe(
      true,
    );
  });

  it('grants each function only what its area calls: the Cognito lookup, media and mail where used (table items: TABLE_ACCESS)', () => {
    const fnIds = Object.entries(areaFunctions()) as [string, any][];
    expect(fnIds).toHaveLength(areas.length);
    for (const [fnId, fn] of fnIds) {
      const area = fn.Properties.Description.replace(/^HTTP handlers of the (.*) area$/, '$1');
      const actions = statementsOf(fnId).flatMap(actionsOf);
      expect(actions).toContain('cognito-idp:AdminGetUser');
      expect(actions).not.toContain('cognito-idp:ListUsers');
      expect(
        actions.some((a) => a.startsWith('s3:')),
        `${area} bucket access`,
      ).toBe(area in MEDIA_GRANTS || area in IMAGES_GRANTS || BUCKET_PROBE_AREAS.has(area));
      // The health check lists the buckets (HeadBucket) and touches no object.
      if (BUCKET_PROBE_AREAS.has(area)) expect([...new Set(actions.filter((a) => a.startsWith('s3:')))]).toEqual(['s3:ListBucket']);
      expect(actions.includes('ses:SendEmail'), `${area} mail`).toBe(MAIL_AREAS.has(area));
      // The payment secret: only the areas that call a payment provider read it, and know where it is.
      const readsSecret = (id: string) =>
        statementsOf(fnId).some(
          (st) => actionsOf(st).includes('secretsmanager:GetSecretValue') && resourcesOfStatement(st).includes(`{${id}}`),
        );
      expect(readsSecret(paymentSecretId()), `${area} payment secret`).toBe(PAYMENT_AREAS.has(area));
      expect(Boolean(fn.Properties.Environment.Variables.PAYMENTS_SECRET_ARN), `${area} secret ARN`).toBe(PAYMENT_AREAS.has(area));
      // Every function verifies impersonation tokens, and asks the directory whether their admin still is one.
      expect(readsSecret(impersonationSecretId()), `${area} impersonation key`).toBe(true);
      expect(fn.Properties.Environment.Variables.IMPERSONATION_SECRET_ARN).toEqual({ Ref: impersonationSecretId() });
      expect(actions).toContain('cognito-idp:AdminListGroupsForUser');
      // An admin's authenticator: only the users area signs an account out everywhere or turns its TOTP off.
      for (const action of ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminSetUserMFAPreference']) {
        expect(actions.includes(action), `${area} ${action}`).toBe(area === 'users');
      }
      // Only 'Delete my account' removes an account from the pool.
      expect(actions.includes('cognito-idp:AdminDeleteUser'), `${area} AdminDeleteUser`).toBe(area === 'account');
      expect(actions).not.toContain('dynamodb:Scan');
      expect(actions.filter((a) => a.includes('*'))).toEqual([]);
    }
  });
});

describe('images', () => {
  const imagesBucketId = () => onlyLogicalId('AWS::S3::Bucket', { LoggingConfiguration: { LogFilePrefix: 's3/images/' } });
  const mediaBucketId = () => onlyLogicalId('AWS::S3::Bucket', { LoggingConfiguration: { LogFilePrefix: 's3/media/' } });
  const areaFunctionId = (area: string) =>
    Object.entries(resourcesOf('AWS::Lambda::Function')).find(
      ([, fn]: [string, any]) => fn.Properties.Description === `HTTP handlers of the ${area} area`,
    )![0];
  const usersFunctionId = () => areaFunctionId('users');

  it('accepts browser uploads by POST only (the signed policy authorises them) and expires what is left under uploads/ after a day', () => {
    const bucket = (resourcesOf('AWS::S3::Bucket')[imagesBucketId()] as any).Properties;
    expect(bucket.CorsConfiguration.CorsRules).toEqual([expect.objectContaining({ AllowedMethods: ['POST'], AllowedOrigins: ['*'] })]);
    expect(bucket.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
        expect.objectContaining({ Id: 'ExpireUploads', Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
      ]),
    );
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
  });

  it('lets the users function put, get and delete photos and covers under their prefixes only, and no other function touch the bucket', () => {
    const id = imagesBucketId();
    const statements = statementsOf(usersFunctionId());
    const objectResources = statements.flatMap(resourcesOfStatement).filter((r) => r.startsWith(`{${id}.Arn}/`));
    expect([...new Set(objectResources)].sort()).toEqual(
      ['images/cover_images/*', 'images/profile_images/*', 'uploads/cover_images/*', 'uploads/profile_images/*'].map(
        (p) => `{${id}.Arn}/${p}`,
      ),
    );
    for (const resource of objectResources) {
      const actions = statements
        .filter((st) => resourcesOfStatement(st).includes(resource))
        .flatMap(actionsOf)
        .sort();
      expect(actions, resource).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    }
    // A read of a missing upload answers 404 (not 403) only with ListBucket on the bucket.
    expect(statements.some((st) => actionsOf(st).includes('s3:ListBucket') && resourcesOfStatement(st).includes(`{${id}.Arn}`))).toBe(true);
    // The users function reaches no audio.
    expect(statements.flatMap(resourcesOfStatement).some((r) => r.includes(`{${mediaBucketId()}.Arn}`))).toBe(false);
    // 'Delete my account' deletes the account's checked pictures, and does nothing else in the bucket.
    const account = statementsOf(areaFunctionId('account'));
    const deletes = account.filter((st) => resourcesOfStatement(st).some((r) => r.includes(`{${id}.Arn}`)));
    expect(deletes.flatMap(actionsOf)).toEqual(deletes.map(() => 's3:DeleteObject'));
    expect(
      deletes
        .flatMap(resourcesOfStatement)
        .filter((r) => r.includes(`{${id}.Arn}`))
        .sort(),
    ).toEqual([`{${id}.Arn}/images/cover_images/*`, `{${id}.Arn}/images/profile_images/*`]);
    for (const [fnId, fn] of Object.entries(resourcesOf('AWS::Lambda::Function')) as [string, any][]) {
      if (fnId === usersFunctionId() || fnId === areaFunctionId('account')) continue;
      // The health check may list the bucket (HeadBucket), never reach an object in it.
      const area = /^HTTP handlers of the (.*) area$/.exec(String(fn.Properties.Description ?? ''))?.[1];
      const probes = area !== undefined && BUCKET_PROBE_AREAS.has(area);
      expect(
        statementsOf(fnId)
          .flatMap(resourcesOfStatement)
          .filter((r) => r.includes(`{${id}.Arn}`)),
        fnId,
      ).toEqual(probes ? [`{${id}.Arn}`] : []);
    }
  });

  it('tells the users function the bucket name', () => {
    const fn = (resourcesOf('AWS::Lambda::Function')[usersFunctionId()] as any).Properties;
    expect(fn.Environment.Variables.IMAGES_BUCKET).toEqual({ Ref: imagesBucketId() });
  });
});

describe('audio processing', () => {
  const processingId = () =>
    onlyLogicalId('AWS::Lambda::Function', { Description: 'Verifies, measures and draws the waveform of uploaded audio' });
  const mediaId = () => onlyLogicalId('AWS::S3::Bucket', { LoggingConfiguration: { LogFilePrefix: 's3/media/' } });

  it('is its own function, sized for a 200 MB, 4-hour file', () => {
    const fn = (resourcesOf('AWS::Lambda::Function')[processingId()] as any).Properties;
    expect(fn).toMatchObject({ MemorySize: 3008, Timeout: 900, EphemeralStorage: { Size: 1024 } });
    expect(fn.Environment.Variables).toMatchObject({ STAGE: 'aws', MEDIA_BUCKET: { Ref: mediaId() } });
  });

  const queues = () => Object.entries(resourcesOf('AWS::SQS::Queue')) as [string, any][];
  const uploadsQueue = () => queues().find(([, q]) => q.Properties.RedrivePolicy)!;

  it('takes every object created under uploads/ from an encrypted, TLS-only queue, three receives before the dead-letter queue', () => {
    const [queueId, queue] = uploadsQueue();
    const dlqId = queue.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0];
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 1200,
      RedrivePolicy: { maxReceiveCount: PROCESSING_QUEUE.maxReceiveCount },
    });
    expect(PROCESSING_QUEUE.maxReceiveCount).toBe(3);
    expect((resourcesOf('AWS::SQS::Queue')[dlqId] as any).Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 86400,
    });
    for (const id of [queueId, dlqId]) {
      const policy = Object.values(resourcesOf('AWS::SQS::QueuePolicy')).find((p: any) =>
        p.Properties.Queues.some((q: any) => q.Ref === id),
      ) as any;
      const statements = policy.Properties.PolicyDocument.Statement;
      expect(statements, id).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
    // S3 may send to the uploads queue, from the media bucket only.
    const queuePolicy = Object.values(resourcesOf('AWS::SQS::QueuePolicy')).find((p: any) =>
      p.Properties.Queues.some((q: any) => q.Ref === queueId),
    ) as any;
    expect(queuePolicy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Action: expect.arrayContaining(['sqs:SendMessage']),
        Principal: { Service: 's3.amazonaws.com' },
        Condition: { ArnLike: { 'aws:SourceArn': getAtt(mediaId(), 'Arn') } },
      }),
    );
    s.template.hasResourceProperties('Custom::S3BucketNotifications', {
      NotificationConfiguration: {
        QueueConfigurations: [
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'uploads/' }] } },
            QueueArn: getAtt(queueId, 'Arn'),
          },
        ],
      },
    });
    // The bucket no longer invokes the function itself: nothing runs around the queue.
    expect(resourcesOf('AWS::Lambda::Permission', { FunctionName: getAtt(processingId(), 'Arn'), Principal: 's3.amazonaws.com' })).toEqual(
      {},
    );
    s.template.resourcePropertiesCountIs('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: processingId() } }, 0);
  });

  it('reads the queue one upload at a time, at most PROCESSING_QUEUE.maxConcurrency at once, for longer than a run', () => {
    const [queueId, queue] = uploadsQueue();
    const mapping = Object.values(resourcesOf('AWS::Lambda::EventSourceMapping', { EventSourceArn: getAtt(queueId, 'Arn') })) as any[];
    expect(mapping).toHaveLength(1);
    expect(mapping[0].Properties).toMatchObject({
      FunctionName: { Ref: processingId() },
      BatchSize: 1,
      ScalingConfig: { MaximumConcurrency: PROCESSING_QUEUE.maxConcurrency },
    });
    const fn = (resourcesOf('AWS::Lambda::Function')[processingId()] as any).Properties;
    // Lambda refuses a queue whose visibility timeout is shorter than the function's timeout.
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThan(fn.Timeout);
    // Three receives, each back a visibility timeout after it began, end within the processing deadline.
    expect((PROCESSING_QUEUE.maxReceiveCount - 1) * queue.Properties.VisibilityTimeout + fn.Timeout).toBeLessThanOrEqual(
      PROCESSING_DEADLINE_MS / 1000,
    );
    // Bounded by its event source, not by a reservation taken from everyone else.
    expect(fn.ReservedConcurrentExecutions).toBeUndefined();
  });

  it("may only receive and delete the queue's messages, and send to it alone (an upload put back), knowing its URL", () => {
    const [queueId] = uploadsQueue();
    const onQueues = statementsOf(processingId()).filter((st) => actionsOf(st).some((a) => a.startsWith('sqs:')));
    expect(onQueues.flatMap(actionsOf).sort()).toEqual([
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:ReceiveMessage',
      'sqs:SendMessage',
    ]);
    expect(onQueues.flatMap(resourcesOfStatement)).toEqual([`{${queueId}.Arn}`]);
    expect((resourcesOf('AWS::Lambda::Function')[processingId()] as any).Properties.Environment.Variables.UPLOADS_QUEUE_URL).toEqual({
      Ref: queueId,
    });
    for (const [id] of Object.entries(resourcesOf('AWS::Lambda::Function'))) {
      if (id === processingId()) continue;
      expect(
        statementsOf(id)
          .flatMap(resourcesOfStatement)
          .filter((r) => r.includes(queueId)),
        id,
      ).toEqual([]);
    }
  });

  it('alone reads uploads and writes processed audio, and touches only its result and track items', () => {
    const statements = statementsOf(processingId());
    const on = (prefix: string) =>
      statements
        .filter((st) => resourcesOfStatement(st).includes(`{${mediaId()}.Arn}/${prefix}*`))
        .flatMap(actionsOf)
        .sort();
    expect(on('uploads/')).toEqual(['s3:DeleteObject', 's3:GetObject']);
    // Reading audio/: a track processed before reports is measured from its stored audio.
    expect(on('audio/')).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject', 's3:PutObjectTagging']);
    // A reference track's audio, kept (or not) once processed.
    expect(on('references/')).toEqual(['s3:DeleteObject', 's3:PutObject', 's3:PutObjectTagging']);
    const tableActions = statements
      .flatMap(actionsOf)
      .filter((a) => a.startsWith('dynamodb:'))
      .sort();
    expect(tableActions).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    // No other function may write under audio/.
    for (const [id] of Object.entries(resourcesOf('AWS::Lambda::Function'))) {
      if (id === processingId()) continue;
      const writes = statementsOf(id)
        .filter((st) => actionsOf(st).includes('s3:PutObject'))
        .flatMap(resourcesOfStatement);
      expect(
        writes.filter((r) => r.includes('/audio/')),
        id,
      ).toEqual([]);
    }
  });
});

describe('bedrock', () => {
  const areaFunctionIds = () =>
    Object.entries(resourcesOf('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^HTTP handlers of the ') })).map(
      ([id, fn]: [string, any]) => [fn.Properties.Description.replace(/^HTTP handlers of the (.*) area$/, '$1') as string, id] as const,
    );
  const bedrockPolicies = () =>
    Object.entries(resourcesOf('AWS::IAM::Policy')).filter(([, p]: [string, any]) =>
      p.Properties.PolicyDocument.Statement.some((st: any) => actionsOf(st).some((a) => a.startsWith('bedrock:'))),
    ) as [string, any][];

  it('takes the model as a parameter, empty by default (the built-in suggester)', () => {
    s.template.hasParameter('BedrockModelId', { Type: 'String', Default: '' });
    expect(s.json.Conditions.BedrockModelConfigured).toEqual({ 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'BedrockModelId' }, ''] }] });
  });

  it('gives BEDROCK_MODEL_ID from the parameter to the feedbacks function only', () => {
    expect([...BEDROCK_AREAS]).toEqual(['feedbacks']);
    const fns = resourcesOf('AWS::Lambda::Function') as Record<string, any>;
    const areaIds = areaFunctionIds();
    expect(areaIds.map(([area]) => area)).toContain('feedbacks');
    for (const [area, id] of areaIds) {
      expect(fns[id].Properties.Environment.Variables.BEDROCK_MODEL_ID, area).toEqual(
        area === 'feedbacks' ? { Ref: 'BedrockModelId' } : undefined,
      );
    }
    const others = Object.entries(fns).filter(([id]) => !areaIds.some(([area, fnId]) => area === 'feedbacks' && fnId === id));
    for (const [id, fn] of others) expect(fn.Properties.Environment?.Variables?.BEDROCK_MODEL_ID, id).toBeUndefined();
  });

  /** A value as CloudFormation works it out (Ref, Fn::Join, Fn::Split, Fn::Select), with these references. */
  const evaluate = (value: any, refs: Record<string, string>): any => {
    if (typeof value === 'string' || typeof value === 'number') return value;
    if (Array.isArray(value)) return value.map((v) => evaluate(v, refs));
    if (value.Ref) {
      if (!(value.Ref in refs)) throw new Error(`no value for ${value.Ref}`);
      return refs[value.Ref];
    }
    if (value['Fn::Join']) return (evaluate(value['Fn::Join'][1], refs) as string[]).join(value['Fn::Join'][0]);
    if (value['Fn::Split']) return (evaluate(value['Fn::Split'][1], refs) as string).split(value['Fn::Split'][0]);
    if (value['Fn::Select']) {
      const [index, list] = [value['Fn::Select'][0], evaluate(value['Fn::Select'][1], refs) as string[]];
      // CloudFormation refuses the template at deploy time for an index out of range.
      if (index >= list.length) throw new Error(`Fn::Select ${index} of ${list.length}`);
      return list[index];
    }
    throw new Error(`cannot evaluate ${JSON.stringify(value)}`);
  };

  it('lets the feedbacks function invoke the configured model only: here, through its inference profile, or where the profile routes it', () => {
    const feedbacksId = areaFunctionIds().find(([area]) => area === 'feedbacks')![1];
    const statements = statementsOf(feedbacksId).filter((st) => actionsOf(st).some((a) => a.startsWith('bedrock:')));
    expect(statements.flatMap(actionsOf)).toEqual(['bedrock:InvokeModel']);
    const resources = statements.flatMap((st) => [st.Resource].flat());
    const arnsFor = (modelId: string) =>
      resources
        .map((r) =>
          evaluate(r, { 'AWS::Partition': 'aws', 'AWS::Region': 'eu-west-1', 'AWS::AccountId': '111122223333', BedrockModelId: modelId }),
        )
        .sort();
    /** The model and the inference profile of this id in the stack's region, and `other`, sorted. */
    const inRegionAnd = (id: string, other: string) =>
      [`arn:aws:bedrock:eu-west-1::foundation-model/${id}`, `arn:aws:bedrock:eu-west-1:111122223333:inference-profile/${id}`, other].sort();
    // A model id: that model in the stack's region (the other two name nothing that exists).
    const model = 'anthropic.claude-3-haiku-20240307-v1:0';
    expect(arnsFor(model)).toEqual(inRegionAnd(model, 'arn:aws:bedrock:*::foundation-model/claude-3-haiku-20240307-v1:0.'));
    // A cross-region inference profile id: the profile, and its model in whichever region it routes to.
    const profile = 'eu.anthropic.claude-3-7-sonnet-20250219-v1:0';
    expect(arnsFor(profile)).toEqual(inRegionAnd(profile, 'arn:aws:bedrock:*::foundation-model/anthropic.claude-3-7-sonnet-20250219-v1:0'));
    // Never every model: the only wildcard is the region of the model a profile routes to.
    for (const arn of [...arnsFor(model), ...arnsFor(profile), ...arnsFor('x')])
      expect(arn.replace(':bedrock:*::foundation-model/', ''), arn).not.toContain('*');
    const policies = bedrockPolicies();
    expect(policies).toHaveLength(1);
    const [policyId, policy] = policies[0];
    expect(policy.Condition, policyId).toBe('BedrockModelConfigured');
    const roleId = (resourcesOf('AWS::Lambda::Function')[feedbacksId] as any).Properties.Role['Fn::GetAtt'][0];
    expect(policy.Properties.Roles).toEqual([{ Ref: roleId }]);
  });

  it('grants Bedrock to no other function', () => {
    for (const [area, id] of areaFunctionIds()) {
      if (area === 'feedbacks') continue;
      expect(
        statementsOf(id)
          .flatMap(actionsOf)
          .filter((a) => a.startsWith('bedrock:')),
        area,
      ).toEqual([]);
    }
  });
});

describe('realtime', () => {
  const socketId = () => onlyLogicalId('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^Realtime WebSocket routes') });
  const streamId = () => onlyLogicalId('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^Realtime delivery') });

  it('is a WebSocket API whose $connect, $disconnect and $default routes all go to the socket function', () => {
    const apiId = webSocketApiId();
    const wsRoutes = Object.values(resourcesOf('AWS::ApiGatewayV2::Route', { ApiId: { Ref: apiId } })) as any[];
    expect(wsRoutes.map((r) => r.Properties.RouteKey).sort()).toEqual(['$connect', '$default', '$disconnect']);
    const integrations = resourcesOf('AWS::ApiGatewayV2::Integration', { ApiId: { Ref: apiId } }) as Record<string, any>;
    for (const route of wsRoutes) {
      const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref;
      expect(integrations[integrationId].Properties.IntegrationType, route.Properties.RouteKey).toBe('AWS_PROXY');
      expect(joined(integrations[integrationId].Properties.IntegrationUri)).toContain(`{${socketId()}.Arn}`);
      // The token arrives as ?token= and is verified by the function (browsers cannot set WebSocket headers).
      expect(route.Properties.AuthorizationType).toBe('NONE');
    }
    for (const routeKey of ['$connect', '$disconnect', '$default']) {
      s.template.hasResourceProperties('AWS::Lambda::Permission', {
        FunctionName: getAtt(socketId(), 'Arn'),
        Principal: 'apigateway.amazonaws.com',
        SourceArn: { 'Fn::Join': ['', Match.arrayWith([{ Ref: apiId }, `/*${routeKey}`])] },
      });
    }
  });

  it('deploys the stage live automatically, throttled like the HTTP API', () => {
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: webSocketApiId() },
      StageName: 'live',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
  });

  it('logs stage access only when asked to (it needs the account-wide API Gateway logging role)', () => {
    const stage = (id: string, t = s.template) =>
      t.findResources('AWS::ApiGatewayV2::Stage', { Properties: { ApiId: { Ref: id } } }) as any;
    expect((Object.values(stage(webSocketApiId()))[0] as any).Properties.AccessLogSettings).toBeUndefined();
    const logged = makeTempDir('infra-realtime-logs');
    try {
      const result = synthStack({ dir: logged, realtimeAccessLogs: true });
      if (result.error) throw result.error;
      const wsApi = Object.keys(result.template.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'WEBSOCKET' } }))[0];
      const settings = (Object.values(stage(wsApi, result.template))[0] as any).Properties.AccessLogSettings;
      expect(settings).toEqual({ DestinationArn: expect.anything(), Format: expect.stringContaining('$context.connectionId') });
    } finally {
      fs.rmSync(logged, { recursive: true, force: true });
    }
  });

  it('gives both functions the table, the user pool and the management endpoint of the stage', () => {
    const expected = {
      STAGE: 'aws',
      TABLE_NAME: { Ref: onlyLogicalId('AWS::DynamoDB::Table') },
      USER_POOL_ID: { Ref: onlyLogicalId('AWS::Cognito::UserPool') },
      USER_POOL_CLIENT_ID: { Ref: onlyLogicalId('AWS::Cognito::UserPoolClient') },
    };
    for (const id of [socketId(), streamId()]) {
      const fn = resourcesOf('AWS::Lambda::Function')[id] as any;
      const env = fn.Properties.Environment.Variables;
      expect(env, id).toMatchObject(expected);
      expect(joined(env.REALTIME_ENDPOINT)).toBe(`https://{${webSocketApiId()}}.execute-api.{AWS::Region}.{AWS::URLSuffix}/live`);
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
    }
  });

  it('lets both functions manage connections of this WebSocket stage only, and nobody else', () => {
    const manage = `arn:{AWS::Partition}:execute-api:{AWS::Region}:{AWS::AccountId}:{${webSocketApiId()}}/live/*/@connections/*`;
    for (const id of [socketId(), streamId()]) {
      const statements = statementsOf(id).filter((st) => actionsOf(st).includes('execute-api:ManageConnections'));
      expect(statements.flatMap(resourcesOfStatement), id).toEqual([manage]);
    }
    const granted = Object.values(resourcesOf('AWS::IAM::Policy')).filter((p: any) =>
      p.Properties.PolicyDocument.Statement.some((st: any) => actionsOf(st).some((a) => a.startsWith('execute-api:'))),
    );
    expect(granted).toHaveLength(2);
    expect(JSON.stringify(granted)).not.toContain(httpApiId());
  });

  it('lets the socket function remember and forget connections, the stream function find and forget them, in their partitions only', () => {
    const tableId = onlyLogicalId('AWS::DynamoDB::Table');
    const expected = {
      [socketId()]: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem'],
      [streamId()]: ['dynamodb:DeleteItem', 'dynamodb:Query'],
    };
    for (const [id, actions] of Object.entries(expected)) {
      const onTable = statementsOf(id).filter((st) => resourcesOfStatement(st).some((r) => r.startsWith(`{${tableId}.Arn}`)));
      expect(onTable.flatMap(actionsOf).sort(), id).toEqual(actions);
      for (const st of onTable)
        expect(st.Condition, id).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CONN#*', 'USER#*'] } });
    }
  });

  it('feeds the table stream to the stream function: newest first, batches of 100, two retries, halving bad batches', () => {
    const tableId = onlyLogicalId('AWS::DynamoDB::Table');
    const mappings = Object.values(resourcesOf('AWS::Lambda::EventSourceMapping', { FunctionName: { Ref: streamId() } })) as any[];
    expect(mappings).toHaveLength(1);
    expect(mappings[0].Properties).toMatchObject({
      EventSourceArn: getAtt(tableId, 'StreamArn'),
      FunctionName: { Ref: streamId() },
      StartingPosition: 'LATEST',
      BatchSize: 100,
      MaximumRetryAttempts: 2,
      BisectBatchOnFunctionError: true,
      MaximumBatchingWindowInSeconds: 1,
    });
    const stream = statementsOf(streamId()).filter((st) => resourcesOfStatement(st).includes(`{${tableId}.StreamArn}`));
    expect(stream.flatMap(actionsOf)).toEqual(
      expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:DescribeStream']),
    );
    expect(statementsOf(socketId()).flatMap(actionsOf)).not.toContain('dynamodb:GetRecords');
  });

  it('is invoked only for changes of the entities it delivers (new or old image)', () => {
    expect([...REALTIME_ENTITIES]).toContain(TRACK_ENTITY);
    const mapping = Object.values(resourcesOf('AWS::Lambda::EventSourceMapping', { FunctionName: { Ref: streamId() } }))[0] as any;
    const patterns = mapping.Properties.FilterCriteria.Filters.map((f: any) => JSON.parse(f.Pattern));
    expect(patterns).toEqual([
      { dynamodb: { NewImage: { entity: { S: [...REALTIME_ENTITIES] } } } },
      { dynamodb: { OldImage: { entity: { S: [...REALTIME_ENTITIES] } } } },
    ]);
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
    expect(csp).toContain(
      "connect-src 'self' https://cognito-idp.{region}.amazonaws.com https://*.execute-api.{region}.amazonaws.com wss://*.execute-api.{region}.amazonaws.com https://*.s3.{region}.amazonaws.com",
    );
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("media-src 'self' blob: https://*.s3.{region}.amazonaws.com");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');

    const distribution = Object.values(resourcesOf('AWS::CloudFront::Distribution'))[0] as any;
    const behaviors = [
      distribution.Properties.DistributionConfig.DefaultCacheBehavior,
      ...distribution.Properties.DistributionConfig.CacheBehaviors,
    ];
    for (const behavior of behaviors) expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it("narrows the page's own policy to this stack's API, WebSocket API and buckets, Cognito and PayPal", () => {
    const page = findAsset(s.outdir, 'index.html', (text) => text.includes('type="application/json"><<marker'));
    const pages = (Object.values(resourcesOf('Custom::CDKBucketDeployment')) as any[]).find((d) => d.Properties.DistributionId);
    const markers = pages.Properties.SourceMarkers[1];
    const resolved = page.replace(/<<marker:0xbaba:\d+>>/g, (marker) => joined(markers[marker]));
    // The first thing in the head: before the scripts and requests it governs.
    expect(resolved).toMatch(
      /^<!doctype html><head><meta http-equiv="Content-Security-Policy" content="[^"]+"><script id="runtime-config"/,
    );
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(resolved)![1];
    const bucketHost = (id: string) => `https://{${id}}.s3.{AWS::Region}.{AWS::URLSuffix}`;
    const media = bucketHost(onlyLogicalId('AWS::S3::Bucket', { LoggingConfiguration: { LogFilePrefix: 's3/media/' } }));
    const images = bucketHost(onlyLogicalId('AWS::S3::Bucket', { LoggingConfiguration: { LogFilePrefix: 's3/images/' } }));
    expect(policy.split('; ')).toEqual([
      [
        "connect-src 'self'",
        'https://cognito-idp.{AWS::Region}.amazonaws.com',
        `{${httpApiId()}.ApiEndpoint}`,
        `wss://{${webSocketApiId()}}.execute-api.{AWS::Region}.{AWS::URLSuffix}`,
        media,
        images,
        'https://*.paypal.com',
      ].join(' '),
      `media-src 'self' blob: ${media}`,
    ]);
    // The hosts the app is told to call are the ones the policy names.
    const config = joined(
      markers[page.match(/<script id="runtime-config" type="application\/json">(<<marker:0xbaba:\d+>>)<\/script>/)![1]],
    );
    expect(config).toContain(`"apiUrl":"{${httpApiId()}.ApiEndpoint}"`);
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
    // realtimeUrl is the wss:// URL of the WebSocket stage, its API id, region and domain suffix filled in at deploy.
    // config.json is the last source of the pages' deployment.
    const sourceMarkers = pages.Properties.SourceMarkers.at(-1) as Record<string, unknown>;
    const realtimeUrl = configAsset.realtimeUrl.replace(/<<marker:0xbaba:\d+>>/g, (marker) => joined(sourceMarkers[marker]));
    expect(realtimeUrl).toBe(`wss://{${webSocketApiId()}}.execute-api.{AWS::Region}.{AWS::URLSuffix}/live`);
  });

  it('inlines the same configuration into index.html, so the app starts without fetching it', () => {
    const page = findAsset(s.outdir, 'index.html', (text) => text.includes('type="application/json"><<marker'));
    const marker = page.match(/<script id="runtime-config" type="application\/json">(<<marker:0xbaba:\d+>>)<\/script>/)![1];
    // Only this index.html is deployed (the bundle's own copy, with an empty configuration, is left out);
    // its marker is the whole configuration as JSON, written at deploy time.
    const pages = (Object.values(resourcesOf('Custom::CDKBucketDeployment')) as any[]).find((d) => d.Properties.DistributionId);
    expect(pages.Properties.SourceObjectKeys).toHaveLength(3);
    const json = joined(pages.Properties.SourceMarkers[1][marker]);
    for (const key of ['mode', 'region', 'apiUrl', 'userPoolId', 'userPoolClientId', 'realtimeUrl']) expect(json).toContain(`"${key}":`);
    expect(json).toContain('"mode":"aws"');
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

  it('generates the impersonation key (64 random characters), never typed by anyone', () => {
    const secret = resourcesOf('AWS::SecretsManager::Secret')[impersonationSecretId()] as any;
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
  });

  it('holds no secret value anywhere in the template', () => {
    const text = JSON.stringify(s.json);
    const secretLike = /sk_(live|test)_[0-9a-zA-Z]+|rk_(live|test)_|whsec_[0-9a-zA-Z]+|-----BEGIN [A-Z ]*PRIVATE KEY/;
    expect(secretLike.test(text), 'a provider key in the template').toBe(false);
    expect(/"SecretString"\s*:/.test(text), 'a literal secret value in the template').toBe(false);
  });
});

describe('comment digest', () => {
  const digestId = () => onlyLogicalId('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^Comment digests') });

  it('runs the digest function every minute from an EventBridge rule', () => {
    const { ruleId, rule } = everyMinute('Runs the comment digest job every minute');
    expect(rule.Properties.Targets).toHaveLength(1);
    expect(rule.Properties.Targets[0].Arn).toEqual(getAtt(digestId(), 'Arn'));
    s.template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: getAtt(digestId(), 'Arn'),
      Principal: 'events.amazonaws.com',
      SourceArn: getAtt(ruleId, 'Arn'),
    });
    const env = envOf(digestId());
    expect(env).toMatchObject({
      STAGE: 'aws',
      TABLE_NAME: { Ref: onlyLogicalId('AWS::DynamoDB::Table') },
      MAIL_FROM: { Ref: 'MailFrom' },
      APP_URL: appOrigin(),
      API_URL: getAtt(httpApiId(), 'ApiEndpoint'),
    });
  });

  it('lets it read and claim digests and send mail, and nothing more', () => {
    const { onTable, all: actions } = actionsOfFunction(digestId());
    expect(onTable).toEqual(
      ['dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem'].sort(),
    );
    expect(actions).toContain('ses:SendEmail');
    expect(actions.filter((a) => a.includes('*') || a === 'dynamodb:Scan' || a.startsWith('s3:') || a.startsWith('cognito-idp:'))).toEqual(
      [],
    );
  });
});

describe('payment checks', () => {
  const checksId = () => onlyLogicalId('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('^Payment checks') });

  it("runs every minute from an EventBridge rule, with the payment secret and PayPal's URL", () => {
    const { rule } = everyMinute('Runs the payment checks every minute');
    expect(rule.Properties.Targets[0].Arn).toEqual(getAtt(checksId(), 'Arn'));
    const env = envOf(checksId());
    expect(env).toMatchObject({
      STAGE: 'aws',
      PAYPAL_API_URL: { Ref: 'PaypalApiUrl' },
      MAIL_FROM: { Ref: 'MailFrom' },
      APP_URL: appOrigin(),
      API_URL: getAtt(httpApiId(), 'ApiEndpoint'),
    });
    expect(env.PAYMENTS_SECRET_ARN).toEqual({ Ref: paymentSecretId() });
  });

  it('moves money in the table and reads the secret, and nothing more: no Scan, no media', () => {
    const { onTable, all: actions } = actionsOfFunction(checksId());
    // DeleteItem: an e-mail's claim given back when the e-mail could not be sent; ConditionCheckItem: a
    // deadline's reminder claimed while its share is open.
    expect(onTable).toEqual(
      [
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
      ].sort(),
    );
    expect(actions).toEqual(expect.arrayContaining(['ses:SendEmail', 'secretsmanager:GetSecretValue']));
    expect(actions.filter((a) => a === 'dynamodb:Scan' || a.startsWith('s3:'))).toEqual([]);
  });

  it('serves the webhooks and the public plans without an authorizer, and every other payment route with it', () => {
    for (const [name, def] of Object.entries(routes).filter(([, d]) => ['payments', 'billing', 'webhooks'].includes(d.area))) {
      const route = Object.values(resourcesOf('AWS::ApiGatewayV2::Route')).find(
        (r: any) => r.Properties.RouteKey === `${def.method} ${def.path}`,
      ) as any;
      expect(route, name).toBeDefined();
      expect(route.Properties.AuthorizationType, name).toBe(def.access === 'public' ? 'NONE' : 'JWT');
      expect(def.access === 'public', name).toBe(name.endsWith('Webhook') || name === 'listPublicPlans');
    }
  });
});

/** Reads a file of the deployed pages out of the assembly's assets (unzipped by CDK into a folder). */
function findAsset(outdir: string, name: string, only = (_text: string) => true): string {
  for (const entry of fs.readdirSync(outdir)) {
    const file = path.join(outdir, entry, name);
    if (fs.existsSync(file) && only(fs.readFileSync(file, 'utf8'))) return fs.readFileSync(file, 'utf8');
  }
  throw new Error(`${name} asset not found`);
}

const findConfigJson = (outdir: string): Record<string, string> => JSON.parse(findAsset(outdir, 'config.json'));
