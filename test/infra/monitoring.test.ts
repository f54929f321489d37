/**
 * Seeing production in AWS (infra/constructs/monitoring.ts): the alarms topic and its e-mail, the alarms,
 * the uptime canary on GET /health, the dashboard, traces and the Powertools layer.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { BUSINESS_METRICS } from '../../functions/lib/metric-names.js';
import { routesByArea } from '../../infra/constructs/api.js';
import { ALARMS } from '../../infra/constructs/monitoring.js';
import { POWERTOOLS_VERSION } from '../../infra/constructs/function.js';
import { synthesizeForFile, type Synthesized } from './synth.js';

let s: Synthesized;
synthesizeForFile('infra-monitoring', (synthesized) => (s = synthesized));

const resources = (type: string) => Object.entries(s.template.findResources(type)) as [string, any][];
const alarms = () => resources('AWS::CloudWatch::Alarm').map(([id, r]) => ({ id, ...r.Properties }));
const alarm = (idPart: string) => {
  const found = alarms().filter((a) => a.id.includes(idPart));
  expect(found, idPart).toHaveLength(1);
  return found[0];
};

/** The names of the metrics a metric-math alarm computes from, sorted. */
const metricNamesOf = (a: { Metrics: any[] }) =>
  a.Metrics.filter((m) => m.MetricStat)
    .map((m) => m.MetricStat.Metric.MetricName)
    .sort();

describe('the alarms topic', () => {
  it('is one encrypted topic (a key CloudWatch may use) that refuses plain HTTP, e-mailing the address given at deploy', () => {
    const [[topicId, topic]] = resources('AWS::SNS::Topic');
    expect(topic.Properties.KmsMasterKeyId).toBeDefined();
    const [[, key]] = resources('AWS::KMS::Key').filter(([, k]) => k.Properties.Description === 'Encrypts the alarms topic');
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(JSON.stringify(key.Properties.KeyPolicy)).toContain('cloudwatch.amazonaws.com');
    s.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      }),
    });
    const [[, sub]] = resources('AWS::SNS::Subscription');
    expect(sub).toMatchObject({
      Condition: 'AlarmEmailGiven',
      Properties: { Protocol: 'email', Endpoint: { Ref: 'AlarmEmail' }, TopicArn: { Ref: topicId } },
    });
    expect(s.template.toJSON().Parameters.AlarmEmail).toMatchObject({ Type: 'String', Default: '' });
  });

  it('is what every alarm notifies, when it fires and when it clears', () => {
    const [[topicId]] = resources('AWS::SNS::Topic');
    for (const a of alarms()) {
      expect(a.AlarmActions, a.id).toEqual([{ Ref: topicId }]);
      expect(a.OKActions, a.id).toEqual([{ Ref: topicId }]);
    }
  });
});

describe('the alarms', () => {
  it("fire on the API's 5xx rate, computed only once there is traffic", () => {
    const a = alarm('Api5xxRate');
    expect(a.Threshold).toBe(5);
    const expression = a.Metrics.find((m: any) => m.Expression);
    expect(expression.Expression).toBe('IF(requests >= 20, 100 * errors / requests, 0)');
    expect(metricNamesOf(a)).toEqual(['5xx', 'Count']);
  });

  it("fire on each function's errors and throttles, for every function of the stack", () => {
    const fns = resources('AWS::Lambda::Function').filter(
      ([, f]) => f.Properties.Description && !/CDK|custom resource|BucketDeployment|autoDelete/i.test(f.Properties.Description),
    );
    const appFunctions = routesByArea().size + 8;
    expect(fns.length).toBeGreaterThanOrEqual(appFunctions);
    const errors = alarms().filter((a) => a.MetricName === 'Errors' && a.Namespace === 'AWS/Lambda');
    const throttles = alarms().filter((a) => a.MetricName === 'Throttles' && a.Namespace === 'AWS/Lambda');
    expect(errors).toHaveLength(appFunctions);
    expect(throttles).toHaveLength(appFunctions);
    for (const a of [...errors, ...throttles])
      expect(a).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
  });

  it('fire when an upload lands in the dead-letter queue, on payment, webhook, e-mail and browser failures, SES reputation and DynamoDB throttling', () => {
    expect(alarm('ProcessingDeadLetters')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
    });
    // Money that must never go wrong quietly fires at once; failed payments (declined cards among them) at a rate.
    for (const [id, metric, threshold] of [
      ['PaymentFailures', 'PaymentsFailed', ALARMS.paymentsFailedPer15Min],
      ['WebhooksRejected', 'WebhooksRejected', 1],
      ['EmailFailures', 'EmailsFailed', 1],
      ['PaymentMismatches', 'PaymentMismatches', 1],
      ['RefundsStuck', 'RefundsStuck', 1],
      ['PayoutsStuck', 'PayoutsStuck', 1],
    ] as const) {
      expect(alarm(id), id).toMatchObject({
        Namespace: 'Snip',
        MetricName: metric,
        Dimensions: [{ Name: 'service', Value: 'snip' }],
        Threshold: threshold,
      });
    }
    expect(alarm('SesBounceRate')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate', Threshold: 0.05 });
    expect(alarm('SesComplaintRate')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.ComplaintRate', Threshold: 0.001 });
    const throttles = alarm('DynamoDbThrottles');
    expect(metricNamesOf(throttles)).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
  });
});

describe("browsers' error reports", () => {
  it('fire the alarm on distinct sessions from several addresses (the report lines, counted by Contributor Insights), not on a count one sender can inflate', () => {
    const rules = Object.fromEntries(
      resources('AWS::CloudWatch::InsightRule').map(([id, r]) => [id.replace(/^Monitoring|[0-9A-F]{8}$/g, ''), r.Properties]),
    );
    expect(Object.keys(rules).sort()).toEqual(['BrowserErrorAddresses', 'BrowserErrorSessions']);
    const [[telemetryId]] = resources('AWS::Lambda::Function').filter(
      ([, f]) => f.Properties.Description === 'HTTP handlers of the telemetry area',
    );
    const logGroupOf = JSON.stringify((s.template.toJSON().Resources[telemetryId] as any).Properties.LoggingConfig.LogGroup);
    for (const [name, key] of [
      ['BrowserErrorSessions', '$.sessionId'],
      ['BrowserErrorAddresses', '$.clientAddress'],
    ]) {
      const body = JSON.stringify(rules[name].RuleBody);
      expect(body, name).toContain(`\\"Keys\\":[\\"${key}\\"]`);
      expect(body, name).toContain('Browser error');
      expect(body, name).toContain('clientSent');
      expect(body, name).toContain(JSON.parse(logGroupOf).Ref);
    }
    const a = alarm('BrowserErrors');
    expect(a.Threshold).toBe(10);
    const expression = a.Metrics.find((m: any) => m.Expression).Expression as string;
    expect(expression).toMatch(
      /^IF\(INSIGHT_RULE_METRIC\('[^']*-BrowserErrorAddresses', 'UniqueContributors'\) >= 3, INSIGHT_RULE_METRIC\('[^']*-BrowserErrorSessions', 'UniqueContributors'\), 0\)$/,
    );
    expect(rules.BrowserErrorSessions.RuleName).toBe(/'([^']*-BrowserErrorSessions)'/.exec(expression)![1]);
  });
});

describe('the uptime check', () => {
  it('is a canary asking GET /health of the API every five minutes, with an alarm on two failed runs (or none)', () => {
    const [[canaryId, canary]] = resources('AWS::Synthetics::Canary');
    expect(canary.Properties.Schedule.Expression).toBe('rate(5 minutes)');
    expect(canary.Properties.Code.Script).toContain("path: '/health'");
    expect(JSON.stringify(canary.Properties.RunConfig.EnvironmentVariables.API_HOST)).toContain('execute-api');
    const a = alarm('HealthCheck');
    expect(a).toMatchObject({
      Namespace: 'CloudWatchSynthetics',
      MetricName: 'SuccessPercent',
      Threshold: 100,
      ComparisonOperator: 'LessThanThreshold',
      EvaluationPeriods: 2,
      TreatMissingData: 'breaching',
    });
    expect(JSON.stringify(a.Dimensions)).toContain(canaryId);
  });

  it('keeps its artifacts in a bucket of its own: private, encrypted, TLS only, logged, expiring', () => {
    const [[, canary]] = resources('AWS::Synthetics::Canary');
    const bucketRef = JSON.stringify(canary.Properties.ArtifactS3Location);
    const [[, bucket]] = resources('AWS::S3::Bucket').filter(([id]) => bucketRef.includes(id));
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LoggingConfiguration: { LogFilePrefix: 'canary-artifacts/' },
      LifecycleConfiguration: { Rules: [expect.objectContaining({ ExpirationInDays: 30, Status: 'Enabled' })] },
    });
  });
});

describe('the dashboard', () => {
  it('shows every business metric beside the technical ones', () => {
    const [[, dashboard]] = resources('AWS::CloudWatch::Dashboard');
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const name of BUSINESS_METRICS) expect(body, name).toContain(`\\"${name}\\"`);
    for (const name of [
      'WebVitalLCP',
      'WebVitalINP',
      'WebVitalCLS',
      'ClientApiLatency',
      'SuccessPercent',
      'ApproximateNumberOfMessagesVisible',
      '5xx',
      'Duration',
    ]) {
      expect(body, name).toContain(name);
    }
  });
});

describe('traces and logs', () => {
  it('traces every function with X-Ray, gives it the Powertools layer of the installed version and names its service', () => {
    const fns = resources('AWS::Lambda::Function').filter(([, f]) => f.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME);
    expect(fns.length).toBe(routesByArea().size + 8);
    const layer = `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`;
    const params = s.template.toJSON().Parameters as Record<string, { Default?: string }>;
    const layerParam = Object.entries(params).find(([, p]) => p.Default === layer)?.[0];
    expect(layerParam).toBeDefined();
    for (const [, f] of fns) {
      expect(f.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(f.Properties.Layers).toEqual([{ Ref: layerParam }]);
    }
  });

  it('gives the public browser reports route a lower throttle than the stage', () => {
    const [[, stage]] = resources('AWS::ApiGatewayV2::Stage').filter(([, st]) => st.Properties.StageName === '$default');
    expect(stage.Properties.RouteSettings).toEqual({ 'POST /telemetry': { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 } });
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 });
  });
});
