import { Aws, type CfnCondition, type CfnElement, Duration, Fn, Stack, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { CORS_ALLOW_HEADERS, type RouteDef } from '../../shared/api/route.js';
import { routes } from '../../shared/api/routes.js';
import { reservedConcurrency } from '../concurrency.js';
import { grantTable } from './table-grant.js';
import type { Data } from './data.js';
import { createAppFunction, type LambdaCodeMode } from './function.js';
import type { Mail } from './mail.js';

/**
 * Feature areas whose handlers call the payment providers and so may read the payment secret: payments,
 * billing, the providers' webhooks (verified with it), and the areas that refund (a pro declining a paid
 * request, a musician deleting its track).
 */
export const PAYMENT_AREAS: ReadonlySet<string> = new Set(['payments', 'billing', 'webhooks', 'shares', 'tracks']);

/** Feature areas whose handlers call Amazon Bedrock (functions/providers/suggester.ts) and so get BEDROCK_MODEL_ID. */
export const BEDROCK_AREAS: ReadonlySet<string> = new Set(['feedbacks']);
/**
 * The areas that show review receipts with their check (functions/feedback/receipts.ts): they read the
 * receipt key's public half. Only RECEIPT_SIGNING_AREAS sign (a review's delivery, a receipt made on first read).
 */
export const RECEIPT_AREAS: ReadonlySet<string> = new Set(['shares', 'links', 'payments']);
export const RECEIPT_SIGNING_AREAS: ReadonlySet<string> = new Set(['shares']);

/**
 * Cognito admin calls every handler makes on the user pool: AdminGetUser (the middleware looks up a
 * first-time caller, and an admin-group caller's TOTP switch) and AdminListGroupsForUser (an admin-group
 * caller's group, asked on every call: functions/people/admin-mfa.ts).
 */
const USER_POOL_ACTIONS = ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'];

/**
 * Further Cognito admin calls, by area: the users area sets up and removes an admin's authenticator
 * (functions/people/authenticator.ts), signing the account out everywhere after a set-up and turning TOTP
 * off at a removal. (The set-up's own calls are the user's, authorised by their access token.)
 */
export const USER_POOL_GRANTS: Readonly<Record<string, readonly string[]>> = {
  users: ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminSetUserMFAPreference'],
  // 'Delete my account' removes the account from the pool, last (functions/account/account-deletion.ts).
  account: ['cognito-idp:AdminDeleteUser'],
};

/**
 * What each area may do with media objects, by key prefix; areas not listed touch none. A presigned URL or
 * POST policy carries the permissions of the role that signed it, so these are also what the browser's
 * presigned uploads (PutObject on uploads/) and downloads (GetObject on audio/) can do. Processed audio is
 * written only by the processing function (infra/constructs/processing.ts).
 */
export const MEDIA_GRANTS: Readonly<Record<string, readonly { prefix: string; actions: readonly string[] }[]>> = {
  tracks: [
    // Presigning uploads, a HEAD at registration, deleting an empty or oversize upload.
    { prefix: 'uploads', actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'] },
    // Presigned listening (owners', and reviewers' listening sessions), deleting tracks, keeping (untagging) a track's processed audio.
    { prefix: 'audio', actions: ['s3:GetObject', 's3:DeleteObject', 's3:PutObjectTagging'] },
    // Playing a request's reference tracks (presigned), removing one.
    { prefix: 'references', actions: ['s3:GetObject', 's3:DeleteObject'] },
  ],
  // 'Delete my account' deletes the account's tracks: their audio, and an upload processing left.
  account: [
    { prefix: 'uploads', actions: ['s3:DeleteObject'] },
    { prefix: 'audio', actions: ['s3:DeleteObject'] },
  ],
};

/**
 * What each area may do with the public images bucket, by key prefix (functions/people/images.ts): the users
 * area presigns uploads of photos and covers under uploads/ (PutObject is what the browser's POST is
 * authorised by), reads and removes them there, and keeps checked pictures under images/, removing the
 * ones they replace. Everything else in the bucket, and every other area, is out of reach.
 */
export const IMAGES_GRANTS: Readonly<Record<string, readonly { prefix: string; actions: readonly string[] }[]>> = {
  users: [
    { prefix: 'uploads/profile_images', actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'] },
    { prefix: 'uploads/cover_images', actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'] },
    { prefix: 'images/profile_images', actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'] },
    { prefix: 'images/cover_images', actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'] },
  ],
  // 'Delete my account' removes the account's checked pictures.
  account: [
    { prefix: 'images/profile_images', actions: ['s3:DeleteObject'] },
    { prefix: 'images/cover_images', actions: ['s3:DeleteObject'] },
  ],
};

const reads = (grants: readonly { actions: readonly string[] }[]) => grants.some((g) => g.actions.includes('s3:GetObject'));

/** Areas that probe both buckets (HeadBucket, which needs s3:ListBucket on the bucket): the health check. */
export const BUCKET_PROBE_AREAS: ReadonlySet<string> = new Set(['health']);

/**
 * Areas whose handlers send e-mail (functions/platform/notifications.ts); admin: the decision on a pro
 * application; users: an admin's authenticator set up or removed; account: a deletion confirmed. Not
 * billing: a failed renewal is e-mailed from Stripe's webhook.
 */
export const MAIL_AREAS: ReadonlySet<string> = new Set(['shares', 'payments', 'webhooks', 'tracks', 'admin', 'users', 'account']);

/** Lambda settings of one feature area's function, where it needs more than the defaults. */
export interface AreaSettings {
  readonly memorySize?: number;
  readonly timeout?: Duration;
}

/** Areas whose function differs from the defaults of createAppFunction (512 MB, 29 s): none since audio left the request path. */
export const AREA_SETTINGS: Readonly<Record<string, AreaSettings>> = {};

export interface ApiProps {
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  readonly data: Data;
  readonly mediaBucket: s3.IBucket;
  /** Profile photos and covers (public through the CDN under /images/). */
  readonly imagesBucket: s3.IBucket;
  readonly mail: Mail;
  readonly paymentsSecret: secretsmanager.ISecret;
  /** Every function verifies impersonation tokens, so every one reads this key. */
  readonly impersonationSecret: secretsmanager.ISecret;
  /** The key that signs review receipts (RECEIPT_AREAS). */
  readonly receiptKey: kms.IKey;
  /**
   * Amazon Bedrock model id or inference profile id the BEDROCK_AREAS call; empty: they use the built-in
   * suggester.
   */
  readonly bedrockModelId: string;
  /** True when bedrockModelId is not empty; the Bedrock permission exists only then. Without it, always. */
  readonly bedrockConfigured?: CfnCondition;
  /** Origin of the web app, the only origin the API answers CORS for. */
  readonly appOrigin: string;
  /** Environment of every handler (functions/lib/config.ts). */
  readonly environment: Record<string, string>;
  readonly codeMode: LambdaCodeMode;
  /** Executions reserved per area (0: none); default AREA_RESERVED_CONCURRENCY (infra/concurrency.ts). */
  readonly reservedConcurrency?: Readonly<Record<string, number>>;
}

/** Groups the route table by feature area: one Lambda function per area. */
export function routesByArea(table: Record<string, RouteDef> = routes): Map<string, [string, RouteDef][]> {
  const byArea = new Map<string, [string, RouteDef][]>();
  for (const [name, def] of Object.entries(table)) {
    const list = byArea.get(def.area) ?? [];
    list.push([name, def]);
    byArea.set(def.area, list);
  }
  return byArea;
}

const pascal = (s: string) => s.replace(/(^|[-_ ])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());

/**
 * The HTTP API, built from the route table: one route per entry, the Cognito JWT authorizer on every route
 * that is not public, one function per feature area (entry `functions/http/<area>.ts`).
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  /** Base URL of the API, without a trailing slash. */
  readonly url: string;
  readonly functions = new Map<string, lambda.Function>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `${stack.stackName}-api`,
      description: 'Music feedback marketplace API',
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: [props.appOrigin],
        allowMethods: [
          apigw.CorsHttpMethod.GET,
          apigw.CorsHttpMethod.POST,
          apigw.CorsHttpMethod.PUT,
          apigw.CorsHttpMethod.PATCH,
          apigw.CorsHttpMethod.DELETE,
          apigw.CorsHttpMethod.OPTIONS,
        ],
        allowHeaders: [...CORS_ALLOW_HEADERS],
        maxAge: Duration.minutes(10),
      },
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(accessLogs) },
      throttle: { rateLimit: 100, burstLimit: 200 },
    });
    // The browsers' reports are anyone's to send: their own, lower limit, so that a flood of them cannot
    // take the product's share of the stage's. (A JSON map: its keys are written as CloudFormation's.)
    (this.stage.node.defaultChild as apigw.CfnStage).routeSettings = {
      [`${routes.reportTelemetry.method} ${routes.reportTelemetry.path}`]: { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 },
    };
    this.url = this.httpApi.apiEndpoint;

    const authorizer = new HttpJwtAuthorizer('CognitoJwt', `https://cognito-idp.${Aws.REGION}.amazonaws.com/${props.userPool.userPoolId}`, {
      jwtAudience: [props.userPoolClient.userPoolClientId],
      authorizerName: 'cognito-id-token',
    });
    const noAuthorizer = new apigw.HttpNoneAuthorizer();

    const mediaId = stack.getLogicalId(props.mediaBucket.node.defaultChild as CfnElement);
    const imagesId = stack.getLogicalId(props.imagesBucket.node.defaultChild as CfnElement);

    const byArea = routesByArea();
    // So that no burst of processing or jobs can take the whole account's concurrency from the API.
    const reserved = props.reservedConcurrency ?? reservedConcurrency(undefined, byArea.keys());
    for (const [area, areaRoutes] of byArea) {
      const Area = pascal(area);
      const fn = createAppFunction(this, `${Area}Function`, {
        entry: `functions/http/${area}.ts`,
        description: `HTTP handlers of the ${area} area`,
        environment: {
          ...props.environment,
          // Where e-mails' one-click unsubscribe posts (functions/people/mail-preferences.ts).
          API_URL: this.url,
          ...(PAYMENT_AREAS.has(area) ? { PAYMENTS_SECRET_ARN: props.paymentsSecret.secretArn } : {}),
          IMPERSONATION_SECRET_ARN: props.impersonationSecret.secretArn,
          ...(RECEIPT_AREAS.has(area) ? { RECEIPT_KEY_ID: props.receiptKey.keyArn } : {}),
          ...(BEDROCK_AREAS.has(area) ? { BEDROCK_MODEL_ID: props.bedrockModelId } : {}),
        },
        codeMode: props.codeMode,
        reservedConcurrentExecutions: reserved[area],
        ...AREA_SETTINGS[area],
      });
      this.functions.set(area, fn);

      // Only the item actions the area's code makes (infra/table-grants.ts).
      grantTable(fn, props.data);
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: [...USER_POOL_ACTIONS, ...(USER_POOL_GRANTS[area] ?? [])],
          resources: [props.userPool.userPoolArn],
        }),
      );
      const media = MEDIA_GRANTS[area] ?? [];
      for (const { prefix, actions } of media) {
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...actions], resources: [props.mediaBucket.arnForObjects(`${prefix}/*`)] }));
      }
      if (media.length) {
        // Without it S3 answers 403 instead of 404 for a missing object read (a delete needs none).
        if (reads(media))
          fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [props.mediaBucket.bucketArn] }));
        Validations.of(fn).acknowledge(
          ...media.map(({ prefix }) => ({
            id: `AwsSolutions-IAM5[Resource::<${mediaId}.Arn>/${prefix}/*]`,
            reason: 'Object keys are made per user and per upload, so they are known only at request time.',
          })),
        );
      }
      const imageGrants = IMAGES_GRANTS[area] ?? [];
      for (const { prefix, actions } of imageGrants) {
        fn.addToRolePolicy(
          new iam.PolicyStatement({ actions: [...actions], resources: [props.imagesBucket.arnForObjects(`${prefix}/*`)] }),
        );
      }
      if (imageGrants.length) {
        // A read of a missing upload answers 404 (a retried save), not 403, only with ListBucket.
        if (reads(imageGrants)) {
          fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [props.imagesBucket.bucketArn] }));
        }
        Validations.of(fn).acknowledge(
          ...imageGrants.map(({ prefix }) => ({
            id: `AwsSolutions-IAM5[Resource::<${imagesId}.Arn>/${prefix}/*]`,
            reason: 'Image keys are made per user and per upload, so they are known only at request time.',
          })),
        );
      }
      if (BUCKET_PROBE_AREAS.has(area)) {
        fn.addToRolePolicy(
          new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [props.mediaBucket.bucketArn, props.imagesBucket.bucketArn] }),
        );
      }
      if (MAIL_AREAS.has(area)) props.mail.grantSend(fn);
      if (PAYMENT_AREAS.has(area)) props.paymentsSecret.grantRead(fn);
      props.impersonationSecret.grantRead(fn);
      if (RECEIPT_AREAS.has(area)) {
        const actions = ['kms:GetPublicKey', ...(RECEIPT_SIGNING_AREAS.has(area) ? ['kms:Sign'] : [])];
        fn.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [props.receiptKey.keyArn] }));
      }
      if (BEDROCK_AREAS.has(area)) grantBedrock(fn, props);

      const integration = new HttpLambdaIntegration(`${Area}Integration`, fn);
      for (const [name, def] of areaRoutes) {
        const route = new apigw.HttpRoute(this, `Route${pascal(name)}`, {
          httpApi: this.httpApi,
          routeKey: apigw.HttpRouteKey.with(def.path, apigw.HttpMethod[def.method]),
          integration,
          authorizer: def.access === 'public' ? noAuthorizer : authorizer,
        });
        if (def.access === 'public') {
          Validations.of(route).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: `${def.method} ${def.path} is public in the route table (needed before sign-in); the handler validates its input.`,
          });
        }
      }
    }
  }
}

/**
 * Lets the function call the configured Bedrock model and no other (Converse is authorized as
 * bedrock:InvokeModel), in a policy of its own that exists only when a model is configured. The id is a
 * parameter, known only at deploy time, and is either a model id (`anthropic.claude-...`), called in the
 * stack's region, or a cross-region inference profile id (`us.anthropic.claude-...`: a geography, then the
 * model), which routes each call to that model in one of its geography's regions, a list AWS keeps and
 * grows. So three resources, each naming the configured id: the model in this region, the profile, and
 * the model the profile routes to (the id past its first dot) in any region. For a model id the last two
 * name nothing that exists (`inference-profile/<model id>`, `foundation-model/<model name>.`).
 */
function grantBedrock(fn: lambda.Function, props: ApiProps): void {
  if (!fn.role) throw new Error(`${fn.node.path} has no role to grant Bedrock access to`);
  const { bedrockModelId: id } = props;
  // Two dots appended, so that there are always at least three parts to select from: for a profile id,
  // parts 1 and 2 are the model's provider and name; for a model id, part 2 is empty.
  const parts = Fn.split('.', Fn.join('', [id, '..']), 3);
  const routedModel = `${parts[1]}.${parts[2]}`;
  const policy = new iam.Policy(fn, 'BedrockPolicy', {
    roles: [fn.role],
    statements: [
      new iam.PolicyStatement({
        actions: ['bedrock:InvokeModel'],
        resources: [
          `arn:${Aws.PARTITION}:bedrock:${Aws.REGION}::foundation-model/${id}`,
          `arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:inference-profile/${id}`,
          `arn:${Aws.PARTITION}:bedrock:*::foundation-model/${routedModel}`,
        ],
      }),
    ],
  });
  if (props.bedrockConfigured) (policy.node.defaultChild as iam.CfnPolicy).cfnOptions.condition = props.bedrockConfigured;
  // cdk-nag names the resource with each token as its CloudFormation JSON.
  const shown = (token: string) => JSON.stringify(Stack.of(fn).resolve(token));
  Validations.of(policy).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/${shown(parts[1])}.${shown(parts[2])}]`,
    reason:
      "Only the configured model: a cross-region inference profile routes each call to it in one of its geography's regions, which AWS chooses and adds to.",
  });
}
