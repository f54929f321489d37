import * as path from 'node:path';
import { Aws, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
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
import { deploymentParameters, type DeploymentParameters } from './parameters.js';

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

/** What every part of the stack builds on: the deployment's settings and the constructs the others use. */
interface Foundations {
  readonly props: AppStackProps;
  readonly codeMode: LambdaCodeMode;
  readonly params: DeploymentParameters;
  readonly logs: AccessLogs;
  readonly mail: Mail;
  readonly web: Web;
  readonly data: Data;
  readonly media: Media;
  readonly auth: Auth;
  readonly secrets: Secrets;
}

/** The parts that run code, which monitoring watches. */
interface Workloads {
  readonly api: Api;
  readonly processing: Processing;
  readonly realtime: Realtime;
  readonly digest: CommentDigest;
  readonly paymentChecks: PaymentChecks;
}

/**
 * The whole product in one stack: Cognito, DynamoDB, S3, the HTTP API with one Lambda per feature area,
 * the realtime WebSocket API with its stream consumer, SES and CloudFront hosting. Deployment parameters
 * are described in docs/deploy.md.
 *
 * Construct ids and the order of creation decide the template's logical ids and its order: a changed id
 * replaces its resources on the next deployment.
 */
export class AppStack extends Stack {
  constructor(scope: Construct, id: string, props: AppStackProps = {}) {
    super(scope, id, props);
    const base = this.addFoundations(props);
    const api = this.addApi(base);
    const processing = this.addProcessing(base);
    const realtime = this.addRealtime(base);
    const jobs = this.addMailingJobs(base, api);
    this.addMonitoring(base, { api, processing, realtime, ...jobs });
    this.deployWeb(base, api, realtime);
    this.addOutputs(base, api, realtime);
  }

  private addFoundations(props: AppStackProps): Foundations {
    const codeMode = props.lambdaCode ?? 'bundle';
    const params = deploymentParameters(this);
    const logs = new AccessLogs(this, 'AccessLogs');
    const mail = new Mail(this, 'Mail', { from: params.mailFrom, identity: params.mailIdentity, createIdentity: params.createIdentity });
    const web = new Web(this, 'Web', { logsBucket: logs.bucket });
    const data = new Data(this, 'Data');
    const media = new Media(this, 'Media', { logsBucket: logs.bucket, appOrigin: web.appUrl });
    const auth = new Auth(this, 'Auth', { mail, data, sendThroughSes: params.sendThroughSes, appUrl: web.appUrl, codeMode });
    const secrets = new Secrets(this, 'Secrets');
    return { props, codeMode, params, logs, mail, web, data, media, auth, secrets };
  }

  private addApi({ props, codeMode, params, mail, web, data, media, auth, secrets }: Foundations): Api {
    return new Api(this, 'Api', {
      userPool: auth.userPool,
      userPoolClient: auth.userPoolClient,
      data,
      mediaBucket: media.bucket,
      imagesBucket: web.imagesBucket,
      mail,
      paymentsSecret: secrets.payments,
      impersonationSecret: secrets.impersonation,
      receiptKey: secrets.receipts,
      bedrockModelId: params.bedrockModelId,
      bedrockConfigured: params.bedrockConfigured,
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
        MAIL_FROM: params.mailFrom,
        PAYPAL_API_URL: params.paypalApiUrl,
        // Public images: objects under `${IMAGES_PREFIX}/` in this bucket are served at `${APP_URL}/${key}`.
        IMAGES_BUCKET: web.imagesBucket.bucketName,
      },
    });
  }

  private addProcessing({ props, codeMode, data, media }: Foundations): Processing {
    return new Processing(this, 'Processing', {
      data,
      mediaBucket: media.bucket,
      codeMode,
      maxConcurrency: props.processingConcurrency,
      environment: { STAGE: 'aws', TABLE_NAME: data.table.tableName, MEDIA_BUCKET: media.bucket.bucketName },
    });
  }

  private addRealtime({ props, codeMode, data, auth }: Foundations): Realtime {
    return new Realtime(this, 'Realtime', {
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
  }

  /** The scheduled jobs that send e-mails. */
  private addMailingJobs({ codeMode, params, mail, web, data, secrets }: Foundations, api: Api) {
    // What a job that e-mails needs: its links into the app, and the API that its unsubscribe links post to.
    const mailingJob = {
      STAGE: 'aws',
      TABLE_NAME: data.table.tableName,
      APP_URL: web.appUrl,
      API_URL: api.url,
      MAIL_FROM: params.mailFrom,
    };
    const digest = new CommentDigest(this, 'CommentDigest', { data, mail, codeMode, environment: mailingJob });
    const paymentChecks = new PaymentChecks(this, 'PaymentChecks', {
      data,
      mail,
      paymentsSecret: secrets.payments,
      codeMode,
      environment: { ...mailingJob, PAYPAL_API_URL: params.paypalApiUrl },
    });
    return { digest, paymentChecks };
  }

  private addMonitoring({ params, logs, data, auth }: Foundations, { api, processing, realtime, digest, paymentChecks }: Workloads): void {
    new Monitoring(this, 'Monitoring', {
      httpApi: api.httpApi,
      functions: new Map<string, lambda.IFunction>([
        ...[...api.functions].map(([area, fn]) => [`Api${area[0].toUpperCase()}${area.slice(1)}`, fn] as const),
        ['Processing', processing.fn],
        ['ReferenceCleanup', processing.referenceCleanup],
        ['RealtimeSocket', realtime.socketFunction],
        ['RealtimeStream', realtime.streamFunction],
        ['CommentDigest', digest.function],
        ['PaymentChecks', paymentChecks.function],
        ['PostConfirmation', auth.postConfirmation],
        ['CustomMessage', auth.customMessage],
      ]),
      deadLetters: processing.deadLetters,
      table: data.table,
      alarmEmail: params.alarmEmail,
      hasAlarmEmail: params.hasAlarmEmail,
      logsBucket: logs.bucket,
      browserReports: api.functions.get('telemetry')!.logGroup,
    });
  }

  private deployWeb({ props, params, web, media, auth }: Foundations, api: Api, realtime: Realtime): void {
    web.deploy({
      distPath: path.resolve(REPO_ROOT, props.webDist ?? 'web/dist'),
      config: {
        mode: 'aws',
        region: Aws.REGION,
        apiUrl: api.url,
        userPoolId: auth.userPool.userPoolId,
        userPoolClientId: auth.userPoolClient.userPoolClientId,
        realtimeUrl: realtime.url,
        paypalClientId: params.paypalClientId,
        ...(props.marketingUrl ? { marketingUrl: props.marketingUrl } : {}),
      },
      hosts: {
        api: api.url,
        realtime: realtime.origin,
        media: presignedHost(media.bucket.bucketName, Aws.REGION, Aws.URL_SUFFIX),
        images: presignedHost(web.imagesBucket.bucketName, Aws.REGION, Aws.URL_SUFFIX),
      },
    });
  }

  private addOutputs({ web, data, media, auth, secrets }: Foundations, api: Api, realtime: Realtime): void {
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
