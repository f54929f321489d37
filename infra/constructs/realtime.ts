import { Duration, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Data } from './data.js';
import { createAppFunction, type LambdaCodeMode } from './function.js';
import { grantTable } from './table-grant.js';
import { SHARE_ENTITIES } from '../../functions/feedback/data/shares.js';

/** Name of the WebSocket stage; part of both the client URL and the management endpoint. */
export const REALTIME_STAGE = 'live';

/**
 * Values of the `entity` attribute whose changes the realtime channel delivers
 * (functions/platform/realtime.ts). Only stream records of these items invoke the stream function.
 */
export const REALTIME_ENTITIES = ['track', ...SHARE_ENTITIES] as const;

export interface RealtimeProps {
  readonly data: Data;
  /** Environment of both functions (STAGE, TABLE_NAME, USER_POOL_ID, USER_POOL_CLIENT_ID). */
  readonly environment: Record<string, string>;
  readonly codeMode: LambdaCodeMode;
  /**
   * Whether the stage writes access logs. WebSocket APIs (unlike HTTP APIs) can log only once the
   * account-wide API Gateway CloudWatch Logs role is set in the region (docs/deploy.md); without it
   * API Gateway refuses the stage. Default false.
   */
  readonly accessLogs?: boolean;
}

/**
 * The realtime channel: a WebSocket API whose $connect, $disconnect and $default routes are served by
 * one function (functions/realtime/socket.ts), and a consumer of the table's stream
 * (functions/realtime/stream.ts) that posts changes to the connections of the users concerned.
 */
export class Realtime extends Construct {
  readonly webSocketApi: apigw.WebSocketApi;
  readonly stage: apigw.WebSocketStage;
  /** `wss://<api>.execute-api.<region>.amazonaws.com/live`, what the browser connects to. */
  readonly url: string;
  /** `wss://<api>.execute-api.<region>.amazonaws.com`: the host of `url`, for the page's policy. */
  readonly origin: string;
  /** `https://<api>.execute-api.<region>.amazonaws.com/live`, where the functions post to connections. */
  readonly managementEndpoint: string;
  readonly socketFunction: lambda.Function;
  readonly streamFunction: lambda.Function;

  constructor(scope: Construct, id: string, props: RealtimeProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.webSocketApi = new apigw.WebSocketApi(this, 'WebSocketApi', {
      apiName: `${stack.stackName}-realtime`,
      description: 'Music feedback marketplace realtime channel',
    });
    this.stage = new apigw.WebSocketStage(this, 'Stage', {
      webSocketApi: this.webSocketApi,
      stageName: REALTIME_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      ...(props.accessLogs
        ? {
            accessLogSettings: {
              destination: new apigw.LogGroupLogDestination(
                new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS }),
              ),
            },
          }
        : {}),
    });
    if (!props.accessLogs) {
      Validations.of(this.stage).acknowledge({
        id: 'AwsSolutions-APIG1',
        reason:
          'WebSocket access logs need the account-wide API Gateway CloudWatch role, which this stack does not own; ' +
          'each connect, disconnect and message is an invocation logged by the socket function. Deploy with -c realtimeAccessLogs=true where the role is set.',
      });
    }
    this.url = this.stage.url;
    this.origin = `wss://${this.webSocketApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    this.managementEndpoint = this.stage.callbackUrl;

    const environment = { ...props.environment, REALTIME_ENDPOINT: this.managementEndpoint };
    this.socketFunction = createAppFunction(this, 'SocketFunction', {
      entry: 'functions/realtime/socket.ts',
      description: 'Realtime WebSocket routes: $connect (verifies the ID token), $disconnect, $default',
      environment,
      timeout: Duration.seconds(10),
      codeMode: props.codeMode,
    });
    this.streamFunction = createAppFunction(this, 'StreamFunction', {
      entry: 'functions/realtime/stream.ts',
      description: 'Realtime delivery: posts table changes (stream records) to WebSocket connections',
      environment,
      timeout: Duration.seconds(60),
      codeMode: props.codeMode,
    });

    const table = props.data.table;
    const apiId = stack.getLogicalId(this.webSocketApi.node.defaultChild as CfnElement);
    // Connection items only, each function the actions it makes (infra/table-grants.ts).
    grantTable(this.socketFunction, props.data);
    grantTable(this.streamFunction, props.data);
    for (const fn of [this.socketFunction, this.streamFunction]) {
      this.stage.grantManagementApiAccess(fn);
      Validations.of(fn).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${apiId}>/${REALTIME_STAGE}/*/@connections/*]`,
        reason: 'Connection ids are made by API Gateway at connect time; the grant is limited to this API and stage.',
      });
    }

    const integration = new WebSocketLambdaIntegration('SocketIntegration', this.socketFunction);
    const routes = {
      $connect: this.webSocketApi.addRoute('$connect', { integration }),
      $disconnect: this.webSocketApi.addRoute('$disconnect', { integration }),
      $default: this.webSocketApi.addRoute('$default', { integration }),
    };
    Validations.of(routes.$connect).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Browsers cannot send headers on a WebSocket: the socket function verifies the Cognito ID token given as ?token= and refuses the connection without a valid one.',
    });
    for (const route of [routes.$disconnect, routes.$default]) {
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: 'API Gateway authorizes WebSocket clients only at $connect; this route serves connections already verified there.',
      });
    }

    this.streamFunction.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        retryAttempts: 2,
        bisectBatchOnError: true,
        filters: (['NewImage', 'OldImage'] as const).map((image) =>
          lambda.FilterCriteria.filter({
            dynamodb: { [image]: { entity: { S: lambda.FilterRule.or(...REALTIME_ENTITIES) } } },
          }),
        ),
      }),
    );
    Validations.of(this.streamFunction).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "dynamodb:ListStreams (granted with the stream read) has no resource-level permissions; the stream reads are limited to this table's stream.",
    });
  }
}
