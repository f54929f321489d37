/**
 * CDK app. Context (cdk.json or `-c`):
 * - stackName: name of the CloudFormation stack (default SnipFeedback);
 * - webDist: folder of the built web app (default web/dist);
 * - marketingUrl: address of the marketing site, for the app's 'Back to Home' button;
 * - realtimeAccessLogs: `true` to log access on the realtime WebSocket stage (needs the account's API
 *   Gateway CloudWatch Logs role, see docs/deploy.md);
 * - reservedConcurrency: executions reserved per API area, `none` or `area=n,...` over the defaults of
 *   infra/concurrency.ts;
 * - processingConcurrency: processing runs at once at most (2-1000, default 5).
 */
import { App } from 'aws-cdk-lib';
import { addComplianceChecks } from './checks.js';
import { processingConcurrency, reservedConcurrency } from './concurrency.js';
import { routesByArea } from './constructs/api.js';
import { AppStack } from './stack.js';

const app = new App();
const context = (key: string): string | undefined => app.node.tryGetContext(key) || undefined;

new AppStack(app, context('stackName') ?? 'SnipFeedback', {
  description: 'Music feedback marketplace: Cognito, DynamoDB, S3, HTTP and WebSocket APIs + Lambda, SES, CloudFront',
  webDist: context('webDist'),
  marketingUrl: context('marketingUrl'),
  realtimeAccessLogs: String(context('realtimeAccessLogs') ?? 'false') === 'true',
  reservedConcurrency: reservedConcurrency(context('reservedConcurrency'), routesByArea().keys()),
  processingConcurrency: processingConcurrency(context('processingConcurrency')),
});
addComplianceChecks(app);
app.synth();
