import { Aws, type CfnCondition, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as synthetics from 'aws-cdk-lib/aws-synthetics';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, METRICS_SERVICE, type BusinessMetric } from '../../functions/lib/metric-names.js';

export interface MonitoringProps {
  readonly httpApi: apigw.HttpApi;
  /** Every function of the product, by a name for the dashboard and the alarms. */
  readonly functions: ReadonlyMap<string, lambda.IFunction>;
  /** The processing function's dead-letter queue: an upload that failed three times. */
  readonly deadLetters: sqs.IQueue;
  readonly table: dynamodb.ITable;
  /** Where alarms are e-mailed; the subscription exists only under `hasAlarmEmail`. */
  readonly alarmEmail: string;
  readonly hasAlarmEmail: CfnCondition;
  readonly logsBucket: s3.IBucket;
  /** The telemetry function's log group, where browsers' reports are written (functions/platform/telemetry.ts). */
  readonly browserReports: logs.ILogGroup;
}

/** A business metric as the functions write it (functions/lib/observability.ts). */
export const businessMetric = (name: BusinessMetric | string, statistic = 'Sum', period = Duration.minutes(5)) =>
  new cloudwatch.Metric({ namespace: METRICS_NAMESPACE, metricName: name, dimensionsMap: { service: METRICS_SERVICE }, statistic, period });

/** What wakes the operator, and when (docs/deploy.md, "Alarms"). */
export const ALARMS = {
  api5xxPercent: 5,
  /** Browser sessions reporting errors in 5 minutes, counted only when they come from several addresses. */
  clientErrorSessionsPer5Min: 10,
  clientErrorAddresses: 3,
  paymentsFailedPer15Min: 5,
  sesBounceRate: 0.05,
  sesComplaintRate: 0.001,
} as const;

/**
 * Seeing production in AWS: one SNS topic every alarm notifies (an e-mail subscription given at deploy),
 * the alarms (API 5xx rate, each function's errors and throttles, the processing dead-letter queue, payment
 * and webhook failures, browser errors, SES bounces and complaints, DynamoDB throttling, the uptime check),
 * an uptime check of GET /health every five minutes (a CloudWatch Synthetics canary), and one dashboard with
 * the business metrics beside the technical ones.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly canary: synthetics.Canary;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const stack = Stack.of(this);

    // CloudWatch publishes to an encrypted topic only with a key it may use: a key of our own, rotated.
    const key = new kms.Key(this, 'AlarmsKey', {
      enableKeyRotation: true,
      description: 'Encrypts the alarms topic',
      removalPolicy: RemovalPolicy.DESTROY,
    });
    key.grant(new iam.ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new sns.Topic(this, 'Alarms', { displayName: `${stack.stackName} alarms`, masterKey: key, enforceSSL: true });
    const subscription = new sns.Subscription(this, 'AlarmEmail', {
      topic: this.topic,
      protocol: sns.SubscriptionProtocol.EMAIL,
      endpoint: props.alarmEmail,
    });
    (subscription.node.defaultChild as sns.CfnSubscription).cfnOptions.condition = props.hasAlarmEmail;
    const notify = new actions.SnsAction(this.topic);

    const alarm = (
      name: string,
      description: string,
      metric: cloudwatch.IMetric,
      threshold: number,
      opts: { periods?: number; below?: boolean } = {},
    ) => {
      const a = new cloudwatch.Alarm(this, name, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: opts.periods ?? 1,
        comparisonOperator: opts.below
          ? cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD
          : cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        // No data is no trouble (no traffic, no failures), except for the uptime check: silence there is a failure.
        treatMissingData: opts.below ? cloudwatch.TreatMissingData.BREACHING : cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(notify);
      a.addOkAction(notify);
      this.alarms.push(a);
      return a;
    };

    // The API: the share of answers that are 5xx, once there is traffic enough to speak of a rate.
    const period = Duration.minutes(5);
    const requests = props.httpApi.metricCount({ period, statistic: 'Sum' });
    const serverErrors = props.httpApi.metricServerError({ period, statistic: 'Sum' });
    const errorRate = new cloudwatch.MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      label: 'API 5xx %',
      period,
    });
    alarm('Api5xxRate', `More than ${ALARMS.api5xxPercent}% of API answers were 5xx over 5 minutes`, errorRate, ALARMS.api5xxPercent);

    for (const [name, fn] of props.functions) {
      alarm(
        `${name}Errors`,
        `The ${name} function failed (an uncaught error or a timeout)`,
        fn.metricErrors({ period, statistic: 'Sum' }),
        1,
      );
      alarm(`${name}Throttles`, `The ${name} function was throttled`, fn.metricThrottles({ period, statistic: 'Sum' }), 1);
    }

    alarm(
      'ProcessingDeadLetters',
      'An upload failed processing three times and waits in the dead-letter queue',
      props.deadLetters.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
      1,
    );
    alarm(
      'PaymentFailures',
      'Payments were declined or their checks failed',
      businessMetric('PaymentsFailed', 'Sum', Duration.minutes(15)),
      ALARMS.paymentsFailedPer15Min,
    );
    alarm(
      'PaymentMismatches',
      'A capture did not match its payment (amount, currency, invoice or payee) and was refunded',
      businessMetric('PaymentMismatches'),
      1,
    );
    alarm(
      'PoolRequestsUnclaimed',
      'A Snip Pro request was refunded because no pro claimed it in time (the log line names its genre: too few pros take pool work there)',
      businessMetric('PoolRequestsUnclaimed'),
      1,
    );
    alarm(
      'ReconciliationDifferences',
      'The ledger and PayPal differ (Admin, Money: the latest reconciliation lists each difference)',
      businessMetric('ReconciliationDifferences'),
      1,
    );
    alarm(
      'RefundsStuck',
      'A refund PayPal keeps refusing waits for an admin (Admin, Payments to look at)',
      businessMetric('RefundsStuck'),
      1,
    );
    alarm(
      'PayoutsStuck',
      "A pro's payout PayPal has not answered for hours is still being sent (Admin Settings, 'Payouts to look at')",
      businessMetric('PayoutsStuck'),
      1,
    );
    alarm(
      'WebhooksRejected',
      'A payment webhook of the right shape was refused (bad signature: a wrong secret, or someone forging events)',
      businessMetric('WebhooksRejected'),
      1,
    );
    alarm('EmailFailures', 'E-mails could not be sent', businessMetric('EmailsFailed'), 1);
    alarm(
      'BrowserErrors',
      `Browsers in ${ALARMS.clientErrorSessionsPer5Min} or more sessions, from ${ALARMS.clientErrorAddresses} or more addresses, reported errors in 5 minutes (a broken release?)`,
      this.browserErrorSessions(props.browserReports, period),
      ALARMS.clientErrorSessionsPer5Min,
    );
    const ses = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    alarm('SesBounceRate', 'SES bounce rate is high: SES may pause sending', ses('Reputation.BounceRate'), ALARMS.sesBounceRate);
    alarm(
      'SesComplaintRate',
      'SES complaint rate is high: SES may pause sending',
      ses('Reputation.ComplaintRate'),
      ALARMS.sesComplaintRate,
    );
    const throttled = new cloudwatch.MathExpression({
      expression: 'reads + writes',
      usingMetrics: {
        reads: props.table.metric('ReadThrottleEvents', { period, statistic: 'Sum' }),
        writes: props.table.metric('WriteThrottleEvents', { period, statistic: 'Sum' }),
      },
      label: 'DynamoDB throttled requests',
      period,
    });
    alarm('DynamoDbThrottles', 'DynamoDB throttled requests', throttled, 1);

    this.canary = this.uptimeCheck(props);
    const uptime = this.canary.metricSuccessPercent({ period, statistic: 'Average' });
    alarm('HealthCheck', 'GET /health failed or did not answer (the uptime check)', uptime, 100, { periods: 2, below: true });

    this.dashboard = this.buildDashboard(props, { errorRate, requests, uptime, throttled });
  }

  /** A canary asks GET /health every five minutes, as a stranger would (no token). */
  /**
   * Sessions whose browsers reported errors, from the report lines (Contributor Insights over the telemetry
   * function's log): anyone may post a report, so a raw count is one sender's to inflate, and the limit per
   * address bounds how many sessions one address can invent. Counted as 0 while they come from fewer than
   * `clientErrorAddresses` addresses.
   */
  private browserErrorSessions(logGroup: logs.ILogGroup, period: Duration): cloudwatch.IMetric {
    const distinct = (id: string, key: string) => {
      const ruleName = `${Stack.of(this).stackName}-${id}`;
      new cloudwatch.CfnInsightRule(this, id, {
        ruleName,
        ruleState: 'ENABLED',
        ruleBody: Stack.of(this).toJsonString({
          Schema: { Name: 'CloudWatchLogRule', Version: 1 },
          LogGroupNames: [logGroup.logGroupName],
          LogFormat: 'JSON',
          Contribution: {
            Keys: [key],
            Filters: [
              { Match: '$.message', In: ['Browser error'] },
              { Match: '$.clientSent', IsPresent: true },
            ],
          },
          AggregateOn: 'Count',
        }),
      });
      return ruleName;
    };
    const sessions = distinct('BrowserErrorSessions', '$.sessionId');
    const addresses = distinct('BrowserErrorAddresses', '$.clientAddress');
    return new cloudwatch.MathExpression({
      expression: `IF(INSIGHT_RULE_METRIC('${addresses}', 'UniqueContributors') >= ${ALARMS.clientErrorAddresses}, INSIGHT_RULE_METRIC('${sessions}', 'UniqueContributors'), 0)`,
      usingMetrics: {},
      label: 'Browser sessions reporting errors',
      period,
    });
  }

  private uptimeCheck(props: MonitoringProps): synthetics.Canary {
    const artifacts = new s3.Bucket(this, 'CanaryArtifacts', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'canary-artifacts/',
      lifecycleRules: [{ expiration: Duration.days(30) }],
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: false,
    });
    const canary = new synthetics.Canary(this, 'HealthCanary', {
      canaryName: `${Stack.of(this).stackName}-health`
        .toLowerCase()
        .replace(/[^a-z0-9_-]/g, '-')
        .slice(0, 21),
      schedule: synthetics.Schedule.rate(Duration.minutes(5)),
      runtime: synthetics.Runtime.SYNTHETICS_NODEJS_PUPPETEER_9_1,
      test: synthetics.Test.custom({ handler: 'index.handler', code: synthetics.Code.fromInline(HEALTH_CANARY) }),
      environmentVariables: { API_HOST: `${props.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}` },
      artifactsBucketLocation: { bucket: artifacts },
      artifactsBucketLifecycleRules: [],
      successRetentionPeriod: Duration.days(7),
      failureRetentionPeriod: Duration.days(30),
      provisionedResourceCleanup: true,
    });
    Validations.of(canary).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'CloudWatch Synthetics needs s3:ListAllMyBuckets and xray:PutTraceSegments, which take no resource; PutMetricData is conditioned on the CloudWatchSynthetics namespace.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:logs:<AWS::Region>:<AWS::AccountId>:log-group:/aws/lambda/cwsyn-*]',
        reason: "The canary's own log groups: their names carry a suffix CloudWatch Synthetics chooses.",
      },
      {
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(artifacts.node.defaultChild as never)}.Arn>/*]`,
        reason: "The canary writes its run's artifacts (screenshots, logs) under keys it chooses in its own bucket.",
      },
    );
    return canary;
  }

  private buildDashboard(
    props: MonitoringProps,
    m: { errorRate: cloudwatch.IMetric; requests: cloudwatch.IMetric; uptime: cloudwatch.IMetric; throttled: cloudwatch.IMetric },
  ): cloudwatch.Dashboard {
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${Stack.of(this).stackName}-overview`,
      defaultInterval: Duration.days(1),
    });
    const graph = (title: string, metrics: cloudwatch.IMetric[], width = 8) =>
      new cloudwatch.GraphWidget({ title, left: metrics, width, height: 6 });
    const business = (names: readonly BusinessMetric[]) => names.map((n) => businessMetric(n));
    const p75 = (name: string) => businessMetric(name, 'p75');
    dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: '# The business\nUploads, requests for feedback, reviews, money and e-mail, as the functions count them.',
        width: 24,
        height: 1,
      }),
    );
    dashboard.addWidgets(
      graph('Uploads', business(['UploadsProcessed', 'UploadsFailed', 'TracksMeasured', 'UploadsDeferred', 'PreviewsMade'])),
      graph(
        'Feedback',
        business([
          'FeedbackRequested',
          'FeedbackCompleted',
          'ReviewIncomplete',
          'ReviewRepeated',
          'ListeningRefused',
          'ReputationRepaired',
        ]),
      ),
      graph(
        'Payments',
        business([
          'PaymentsCaptured',
          'PaymentsRefunded',
          'PaymentsFailed',
          'PaymentMismatches',
          'RefundsStuck',
          'PayoutsStuck',
          'WebhooksRejected',
          'WebhooksMalformed',
        ]),
      ),
    );
    dashboard.addWidgets(
      graph('Money out', business(['EarningsReleased', 'PayoutsRequested', 'PayoutsPaid', 'PayoutsReturned', 'ReconciliationDifferences'])),
      graph('E-mail', [...business(['EmailsSent', 'EmailsFailed', 'EmailsOptedOut'])]),
      graph(
        'Snip Pro pool: opened, claimed, refunded unclaimed',
        business(['PoolRequestsOpened', 'PoolRequestsClaimed', 'PoolRequestsUnclaimed']),
      ),
      graph('Browsers: errors and API latency (p75)', [businessMetric('ClientErrors'), p75('ClientApiLatency')]),
      graph('Core Web Vitals, p75 (LCP and INP in ms; CLS x1000)', [
        p75('WebVitalLCP'),
        p75('WebVitalINP'),
        new cloudwatch.MathExpression({ expression: '1000 * cls', usingMetrics: { cls: p75('WebVitalCLS') }, label: 'CLS x1000' }),
      ]),
    );
    dashboard.addWidgets(new cloudwatch.TextWidget({ markdown: '# The machinery', width: 24, height: 1 }));
    dashboard.addWidgets(
      graph('API: requests, 5xx % and handler errors', [m.requests, m.errorRate, businessMetric('ServerErrors')]),
      graph('Uptime check (GET /health), success %', [m.uptime]),
      graph('Processing dead letters, DynamoDB throttles', [props.deadLetters.metricApproximateNumberOfMessagesVisible(), m.throttled]),
    );
    const fns = [...props.functions.entries()];
    dashboard.addWidgets(
      graph(
        'Function errors',
        fns.map(([name, fn]) => fn.metricErrors({ label: name })),
        12,
      ),
      graph(
        'Function duration p95',
        fns.map(([name, fn]) => fn.metricDuration({ label: name, statistic: 'p95' })),
        12,
      ),
    );
    dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 6 }));
    return dashboard;
  }
}

/**
 * The canary's script (CloudWatch Synthetics, Node.js): GET https://API_HOST/health must answer 200 with
 * {"status":"ok"}. Anything else fails the run, and two failed runs in a row raise the HealthCheck alarm.
 */
const HEALTH_CANARY = `
const synthetics = require('Synthetics');
exports.handler = async () => {
  await synthetics.executeHttpStep('GET /health', { hostname: process.env.API_HOST, method: 'GET', path: '/health', port: 443, protocol: 'https:' }, (res) =>
    new Promise((resolve, reject) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error('GET /health answered ' + res.statusCode));
        try {
          if (JSON.parse(body).status !== 'ok') return reject(new Error('GET /health did not say ok'));
        } catch (e) {
          return reject(new Error('GET /health did not answer JSON'));
        }
        resolve();
      });
    }),
  );
};
`;
