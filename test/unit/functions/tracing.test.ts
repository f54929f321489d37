/**
 * Traces: in Lambda (active tracing) every AWS SDK client the functions use records its calls as
 * subsegments of the invocation's trace; elsewhere (locally, in tests) tracing is off and the tracer is not
 * even loaded. Everywhere, the SDK's own logging step is taken off.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';

const steps = (client: DynamoDBClient) => client.middlewareStack.identify().join(' ');

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('traced SDK clients', () => {
  it('are instrumented for X-Ray in Lambda', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'true');
    const { traced } = await import('../../../functions/lib/observability.js');
    const client = traced(new DynamoDBClient({ region: 'us-east-1' }));
    expect(steps(client)).toMatch(/XRay/i);
    expect(steps(client)).not.toContain('loggerMiddleware');
  });

  it('are not instrumented outside Lambda, and lose only the logging step, in Lambda or not', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', '');
    const { traced } = await import('../../../functions/lib/observability.js');
    const client = new DynamoDBClient({ region: 'us-east-1' });
    const before = client.middlewareStack.identify();
    expect(before.filter((step) => step.startsWith('loggerMiddleware'))).toHaveLength(1);
    expect(traced(client)).toBe(client);
    expect(client.middlewareStack.identify()).toEqual(before.filter((step) => !step.startsWith('loggerMiddleware')));
  });

  it('does not load the tracer outside Lambda: its async hook doubles what every promise costs', async () => {
    let loaded = 0;
    vi.doMock('@aws-lambda-powertools/tracer', async (original) => {
      loaded++;
      return original();
    });
    try {
      vi.stubEnv('AWS_EXECUTION_ENV', '');
      const outside = await import('../../../functions/lib/observability.js');
      expect(outside.tracer()).toBeUndefined();
      expect(loaded).toBe(0);
      vi.resetModules();
      vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
      const inLambda = await import('../../../functions/lib/observability.js');
      expect(inLambda.tracer()).toBeDefined();
      expect(loaded).toBe(1);
    } finally {
      vi.doUnmock('@aws-lambda-powertools/tracer');
    }
  });

  it('follows Powertools: on in Lambda, off under SAM or when POWERTOOLS_TRACE_ENABLED is false', async () => {
    const { tracingOn } = await import('../../../functions/lib/observability.js');
    const lambda = { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' };
    expect(tracingOn(lambda)).toBe(true);
    expect(tracingOn({ ...lambda, POWERTOOLS_TRACE_ENABLED: 'FALSE' })).toBe(false);
    expect(tracingOn({ ...lambda, AWS_SAM_LOCAL: 'true' })).toBe(false);
    expect(tracingOn({})).toBe(false);
  });

  it('every client module of the functions goes through it', async () => {
    const fs = await import('node:fs');
    const files = ['dynamo', 's3', 'ses', 'cognito', 'realtime']
      .map((m) => `functions/lib/aws/${m}.ts`)
      .concat(['functions/lib/secrets.ts', 'functions/providers/suggester.ts']);
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const made = [...text.matchAll(/new (\w+Client)\(/g)].map((m) => m[1]);
      expect(made.length, file).toBeGreaterThan(0);
      for (const name of made) expect(text, `${file}: ${name}`).toMatch(new RegExp(`traced\\(\\s*new ${name}\\(`));
    }
  });
});
