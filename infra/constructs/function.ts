import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy, type Size, Stack, Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { bundledCode } from './lambda-bundles.js';

/** Root of the repository (infra/constructs/ is two levels down). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * How Lambda code is produced.
 * - `bundle`: esbuild bundles the TypeScript entry on this machine (what `cdk synth` and `cdk deploy` use).
 * - `placeholder`: a tiny inline stub, so that tests can synthesize the stack in a second.
 */
export type LambdaCodeMode = 'bundle' | 'placeholder';

export interface AppFunctionProps {
  /** Entry file relative to the repository root, exporting `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly environment: Record<string, string>;
  readonly codeMode: LambdaCodeMode;
  readonly timeout?: Duration;
  readonly memorySize?: number;
  /** /tmp size, for functions that download large objects. */
  readonly ephemeralStorageSize?: Size;
  /** Concurrency kept for this function alone, which is also its ceiling; none by default. */
  readonly reservedConcurrentExecutions?: number;
}

/** The version of Powertools for AWS Lambda the code is built and tested with (package.json's, as installed). */
export const POWERTOOLS_VERSION: string = JSON.parse(
  fs.readFileSync(path.join(REPO_ROOT, 'node_modules/@aws-lambda-powertools/logger/package.json'), 'utf8'),
).version;

/**
 * Powertools for AWS Lambda comes from its official layer, of the installed version (AWS publishes each
 * version's ARN in every region under this SSM name), not inside each bundle: it would add 12 KB gzip
 * to every function. One layer reference per stack.
 */
export function powertoolsLayer(scope: Construct): lambda.ILayerVersion {
  const stack = Stack.of(scope);
  const id = 'PowertoolsLayer';
  return (
    (stack.node.tryFindChild(id) as lambda.ILayerVersion | undefined) ??
    lambda.LayerVersion.fromLayerVersionArn(
      stack,
      id,
      ssm.StringParameter.valueForStringParameter(stack, `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`),
    )
  );
}

/** A Node.js 22 function on ARM, bundled with the local esbuild, logging to its own log group. */
export function createAppFunction(scope: Construct, id: string, props: AppFunctionProps): lambda.Function {
  const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
    retention: logs.RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const common: CommonProps = {
    description: props.description,
    runtime: lambda.Runtime.NODEJS_22_X,
    architecture: lambda.Architecture.ARM_64,
    memorySize: props.memorySize ?? 512,
    timeout: props.timeout ?? Duration.seconds(29),
    // The service of its log lines (Powertools): where it is in the stack, e.g. 'Api/UsersFunction'.
    environment: { NODE_OPTIONS: '--enable-source-maps', POWERTOOLS_SERVICE_NAME: `${scope.node.id}/${id}`, ...props.environment },
    logGroup,
    layers: [powertoolsLayer(scope)],
    // X-Ray: every invocation is traced (its segment, its cold start, its duration).
    tracing: lambda.Tracing.ACTIVE,
    ephemeralStorageSize: props.ephemeralStorageSize,
    reservedConcurrentExecutions: props.reservedConcurrentExecutions || undefined,
  };

  const fn = props.codeMode === 'placeholder' ? placeholderFunction(scope, id, common) : bundledFunction(scope, id, common, props.entry);
  Validations.of(fn).acknowledge(
    {
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is the runtime the code is built (esbuild target node22) and tested for; a newer one is a deliberate upgrade.',
    },
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'The AWS managed basic execution role only lets the function write its own CloudWatch logs.',
    },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords take no resource.',
    },
  );
  ENTRIES.set(fn, props.entry);
  return fn;
}

const ENTRIES = new WeakMap<lambda.Function, string>();

/** The entry a function was made from (relative to the repository), by createAppFunction. */
export function entryOf(fn: lambda.Function): string {
  const entry = ENTRIES.get(fn);
  if (!entry) throw new Error(`${fn.node.path} was not made by createAppFunction`);
  return entry;
}

type CommonProps = Omit<lambda.FunctionProps, 'code' | 'handler'>;

function placeholderFunction(scope: Construct, id: string, common: CommonProps): lambda.Function {
  return new lambda.Function(scope, id, {
    ...common,
    handler: 'index.handler',
    code: lambda.Code.fromInline("exports.handler = async () => ({ statusCode: 503, body: 'placeholder code' });"),
  });
}

function bundledFunction(scope: Construct, id: string, common: CommonProps, relativeEntry: string): lambda.Function {
  const entry = path.join(REPO_ROOT, relativeEntry);
  if (!fs.existsSync(entry)) {
    throw new Error(`Lambda entry ${relativeEntry} does not exist (expected a module exporting "handler")`);
  }
  return new lambda.Function(scope, id, { ...common, handler: 'index.handler', code: bundledCode(scope, REPO_ROOT, relativeEntry) });
}
