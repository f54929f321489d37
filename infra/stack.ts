import * as path from 'node:path';
import { Aws, CfnCondition, CfnOutput, CfnParameter, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { AccessLogs } from './constructs/logs.js';
import { Api } from './constructs/api.js';
import { Auth } from './constructs/auth.js';
import { Data } from './constructs/data.js';
import { CommentDigest } from './constructs/digest.js';
import { PaymentChecks } from './constructs/payment-checks.js';
import { REPO_ROOT, type LambdaCodeMode } from './constructs/function.js';
import { Mail } from './constructs/mail.js';
import { Media } from './constructs/media.js';
import { Monitoring } from './constructs/monitoring.js';
import { Processing } from './constructs/processing.js';
import { Realtime } from './constructs/realtime.js';
import { Secrets } from './constructs/secrets.js';
import { IMAGES_PREFIX, presignedHost, Web } from './constructs/web.js';

export interface AppStackProps extends StackProps {
  /** How Lambda code is produced; tests use `placeholder` to synthesize without bundling. Default `bundle`. */
  readonly lambdaCode?: LambdaCodeMode;
  /**
   * Folder of the built web app (`npm run build:web`), absolute or relative to the repository root.
   * Default `web/dist`. When the folder is missing only config.json is deployed.
   */
  readonly webDist?: string;
  /** Address of the marketing site the app's 'Back to Home' button leaves for. */
  readonly marketingUrl?: string;
  /**
   * Access logs on the realtime WebSocket stage. Needs the account-wide API Gateway CloudWatch Logs role
   * in the region (docs/deploy.md). Default false.
   */
  readonly realtimeAccessLogs?: boolean;
  /** Executions reserved per API area (infra/concurrency.ts); default AREA_RESERVED_CONCURRENCY. */
  readonly reservedConcurrency?: Readonly<Record<string, number>>;
  /** Processing runs at once at most (the uploads queue's event source); default PROCESSING_QUEUE.maxConcurrency. */
  readonly processingConcurrency?: number;
}

/**
 * The whole product in one stack: Cognito, DynamoDB, S3, the HTTP API with one Lambda per feature area,
 * the realtime WebSocket API with its stream consumer, SES and CloudFront hosting. Deployment parameters
 * are described in docs/deploy.md.
 */
export class AppStack extends Stack {
  constructor(scope: Construct, id: string, props: AppStackProps = {}) {
    super(scope, id, props);
    const codeMode = props.lambdaCode ?? 'bundle';

    const mailFrom = new CfnParameter(this, 'MailFrom', {
      type: 'String',
      description: 'Sender address of all e-mails (sign-up confirmation, password reset, notifications).',
      allowedPattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      constraintDescription: 'must be an e-mail address',
    });
    const mailIdentity = new CfnParameter(this, 'MailIdentity', {
      type: 'String',
      default: '',
      description: 'The verified SES identity covering MailFrom: empty when the address itself is verified, else the verified domain.',
    });
    const createMailIdentity = new CfnParameter(this, 'CreateMailIdentity', {
      type: 'String',
      default: 'false',
      allowedValues: ['true', 'false'],
      description: 'true: the stack creates an SES identity for MailFrom (SES mails a verification link to it).',
    });
    const cognitoEmail = new CfnParameter(this, 'CognitoEmailSender', {
      type: 'String',
      default: 'SES',
      allowedValues: ['SES', 'COGNITO'],
      description:
        "SES: Cognito sends its e-mails from MailFrom through SES (the identity must be verified). COGNITO: Cognito's own limited sender, until it is.",
    });
    const bedrockModelId = new CfnParameter(this, 'BedrockModelId', {
      type: 'String',
      default: '',
      allowedPattern: '^[A-Za-z0-9._:-]*$',
      constraintDescription: 'must be a Bedrock model id or inference profile id (not an ARN), or empty',
      description:
        "Amazon Bedrock model that suggests feedback comments, a model id (e.g. 'anthropic.claude-3-haiku-20240307-v1:0') or an inference profile id (e.g. 'us.anthropic.claude-3-haiku-20240307-v1:0'); it must be enabled under Model access in the Bedrock console. Empty: the built-in suggester.",
    });
    const paypalApiUrl = new CfnParameter(this, 'PaypalApiUrl', {
      type: 'String',
      default: 'https://api-m.sandbox.paypal.com',
      allowedValues: ['https://api-m.sandbox.paypal.com', 'https://api-m.paypal.com'],
      description: "PayPal's REST API: the sandbox until the live credentials are in the payment secret (docs/deploy.md).",
    });
    const paypalClientId = new CfnParameter(this, 'PaypalClientId', {
      type: 'String',
      default: '',
      allowedPattern: '^[A-Za-z0-9_-]*$',
      description:
        "PayPal app's client id, public by design: the browser loads PayPal's button with it. The same as paypalClientId in the payment secret.",
    });
    const alarmEmail = new CfnParameter(this, 'AlarmEmail', {
      type: 'String',
      default: '',
      allowedPattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      constraintDescription: 'must be an e-mail address, or empty',
      description:
        'Where alarms are e-mailed (AWS mails a link to confirm the subscription first). Empty: no subscription; the alarms still show in CloudWatch.',
    });
    const hasAlarmEmail = new CfnCondition(this, 'AlarmEmailGiven', {
      expression: Fn.conditionNot(Fn.conditionEquals(alarmEmail.valueAsString, '')),
    });
    const bedrockConfigured = new CfnCondition(this, 'BedrockModelConfigured', {
      expression: Fn.conditionNot(Fn.conditionEquals(bedrockModelId.valueAsString, '')),
    });
    const createIdentity = new CfnCondition(this, 'CreateMailIdentityCondition', {
      expression: Fn.conditionEquals(createMailIdentity.valueAsString, 'true'),
    });
    const sendThroughSes = new CfnCondition(this, 'CognitoSendsThroughSes', {
      expression: Fn.conditionEquals(cognitoEmail.valueAsString, 'SES'),
    });

    const logs = new AccessLogs(this, 'AccessLogs');
    const mail = new Mail(this, 'Mail', {
      from: mailFrom.valueAsString,
      identity: mailIdentity.valueAsString,
      createIdentity,
    });
    const web = new Web(this, 'Web', { logsBucket: logs.bucket });
    const data = new Data(this, 'Data');
    const media = new Media(this, 'Media', { logsBucket: logs.bucket, appOrigin: web.appUrl });
    const auth = new Auth(this, 'Auth', { mail, data, sendThroughSes, appUrl: web.appUrl, codeMode });
    const secrets = new Secrets(this, 'Secrets');

    const api = new Api(this, 'Api', {
      userPool: auth.userPool,
      userPoolClient: auth.userPoolClient,
      data,
      mediaBucket: media.bucket,
      imagesBucket: web.imagesBucket,
      mail,
      paymentsSecret: secrets.payments,
      impersonationSecret: secrets.impersonation,
      bedrockModelId: bedrockModelId.valueAsString,
      bedrockConfigured,
      appOrigin: web.appUrl,
      codeMode,
      reservedConcurrency: props.reservedConcurrency,
      // Names from functions/lib/config.ts (AWS_REGION is set by Lambda itself).
      environment: {
        STAGE: 'aws',
        TABLE_NAME: data.table.tableName,
        USER_POOL_ID: auth.userPool.userPoolId,
        USER_POOL_CLIENT_ID: auth.userPoolClient.userPoolClientId,
        MEDIA_BUCKET: media.bucket.bucketName,
        APP_URL: web.appUrl,
        MAIL_FROM: mailFrom.valueAsString,
        PAYPAL_API_URL: paypalApiUrl.valueAsString,
        // Public images: objects under `${IMAGES_PREFIX}/` in this bucket are served at `${APP_URL}/${key}`.
        IMAGES_BUCKET: web.imagesBucket.bucketName,
      },
    });

    const processing = new Processing(this, 'Processing', {
      data,
      mediaBucket: media.bucket,
      codeMode,
      maxConcurrency: props.processingConcurrency,
      environment: { STAGE: 'aws', TABLE_NAME: data.table.tableName, MEDIA_BUCKET: media.bucket.bucketName },
    });

    const realtime = new Realtime(this, 'Realtime', {
      data,
      codeMode,
      accessLogs: props.realtimeAccessLogs ?? false,
      environment: {
        STAGE: 'aws',
        TABLE_NAME: data.table.tableName,
        USER_POOL_ID: auth.userPool.userPoolId,
        USER_POOL_CLIENT_ID: auth.userPoolClient.userPoolClientId,
      },
    });

    // What a job that e-mails needs: its links into the app, and the API that its unsubscribe links post to.
    const mailingJob = {
      STAGE: 'aws',
      TABLE_NAME: data.table.tableName,
      APP_URL: web.appUrl,
      API_URL: api.url,
      MAIL_FROM: mailFrom.valueAsString,
    };
    const digest = new CommentDigest(this, 'CommentDigest', { data, mail, codeMode, environment: mailingJob });

    const paymentChecks = new PaymentChecks(this, 'PaymentChecks', {
      data,
      mail,
      paymentsSecret: secrets.payments,
      codeMode,
      environment: { ...mailingJob, PAYPAL_API_URL: paypalApiUrl.valueAsString },
    });

    new Monitoring(this, 'Monitoring', {
      httpApi: api.httpApi,
      functions: new Map<string, lambda.IFunction>([
        ...[...api.functions].map(([area, fn]) => [`Api${area[0].toUpperCase()}${area.slice(1)}`, fn] as const),
        ['Processing', processing.fn],
        ['RealtimeSocket', realtime.socketFunction],
        ['RealtimeStream', realtime.streamFunction],
        ['CommentDigest', digest.function],
        ['PaymentChecks', paymentChecks.function],
        ['PostConfirmation', auth.postConfirmation],
        ['CustomMessage', auth.customMessage],
      ]),
      deadLetters: processing.deadLetters,
      table: data.table,
      alarmEmail: alarmEmail.valueAsString,
      hasAlarmEmail,
      logsBucket: logs.bucket,
      browserReports: api.functions.get('telemetry')!.logGroup,
    });

    web.deploy({
      distPath: path.resolve(REPO_ROOT, props.webDist ?? 'web/dist'),
      config: {
        mode: 'aws',
        region: Aws.REGION,
        apiUrl: api.url,
        userPoolId: auth.userPool.userPoolId,
        userPoolClientId: auth.userPoolClient.userPoolClientId,
        realtimeUrl: realtime.url,
        paypalClientId: paypalClientId.valueAsString,
        ...(props.marketingUrl ? { marketingUrl: props.marketingUrl } : {}),
      },
      hosts: {
        api: api.url,
        realtime: realtime.origin,
        media: presignedHost(media.bucket.bucketName, Aws.REGION, Aws.URL_SUFFIX),
        images: presignedHost(web.imagesBucket.bucketName, Aws.REGION, Aws.URL_SUFFIX),
      },
    });

    const output = (id: string, value: string, description: string) => new CfnOutput(this, id, { value, description });
    output('ApiUrl', api.url, 'Base URL of the HTTP API');
    output('UserPoolId', auth.userPool.userPoolId, 'Cognito user pool id');
    output('UserPoolClientId', auth.userPoolClient.userPoolClientId, 'Cognito app client id of the web app');
    output('RealtimeUrl', realtime.url, 'WebSocket URL of the realtime channel (wss://)');
    output('WebUrl', web.appUrl, 'Address of the web app (CloudFront)');
    output('TableName', data.table.tableName, 'DynamoDB table');
    output('MediaBucketName', media.bucket.bucketName, 'Private media bucket (audio)');
    output('ImagesBucketName', web.imagesBucket.bucketName, `Public images bucket, served at WebUrl/${IMAGES_PREFIX}/`);
    output('PaymentsSecretArn', secrets.payments.secretArn, 'Secret holding the payment provider credentials');
  }
}
