/**
 * The concurrency an operator can set (docs/deploy.md, "Concurrency"): the context `reservedConcurrency`
 * (per API area, or none for an account too small for reservations) and `processingConcurrency`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { AREA_RESERVED_CONCURRENCY, processingConcurrency, reservedConcurrency } from '../../infra/concurrency.js';
import { routesByArea } from '../../infra/constructs/api.js';
import { AppStack, type AppStackProps } from '../../infra/stack.js';
import { cdkContext, makeTempDir } from './synth.js';

const areas = [...routesByArea().keys()];
const dir = makeTempDir('infra-concurrency');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function template(props: AppStackProps) {
  const app = new App({ outdir: path.join(dir, `out-${Math.random().toString(36).slice(2)}`), context: cdkContext() });
  return Template.fromStack(new AppStack(app, 'Concurrency', { lambdaCode: 'placeholder', webDist: path.join(dir, 'none'), ...props }));
}

describe('the context reservedConcurrency', () => {
  it('defaults to the table of infra/concurrency.ts, which names every area', () => {
    expect(reservedConcurrency(undefined, areas)).toEqual(Object.fromEntries(areas.map((a) => [a, AREA_RESERVED_CONCURRENCY[a]])));
    expect(() => reservedConcurrency(undefined, [...areas, 'newarea'])).toThrow(/newarea has no reserved concurrency/);
  });

  it("changes the areas it names, reserves nothing with 'none', and refuses what it cannot read", () => {
    expect(reservedConcurrency('tracks=60, users=0', areas)).toMatchObject({
      tracks: 60,
      users: 0,
      shares: AREA_RESERVED_CONCURRENCY.shares,
    });
    expect(Object.values(reservedConcurrency('none', areas)).every((n) => n === 0)).toBe(true);
    expect(() => reservedConcurrency('tracks=lots', areas)).toThrow(/area=number/);
    expect(() => reservedConcurrency('trakcs=5', areas)).toThrow(/no API area 'trakcs'/);
  });

  it("synthesizes no reservation at all with 'none' (an account whose limit allows none)", () => {
    const t = template({ reservedConcurrency: reservedConcurrency('none', areas) });
    const reserved = Object.values(t.findResources('AWS::Lambda::Function')).filter(
      (f: any) => f.Properties.ReservedConcurrentExecutions !== undefined,
    );
    expect(reserved).toEqual([]);
  });
});

describe('the context processingConcurrency', () => {
  it('sets the uploads queue event source maximum concurrency, within Lambda bounds', () => {
    expect(processingConcurrency(undefined)).toBeUndefined();
    expect(processingConcurrency('20')).toBe(20);
    expect(() => processingConcurrency('many')).toThrow(/whole number/);
    template({ processingConcurrency: 20 }).hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 1,
      ScalingConfig: { MaximumConcurrency: 20 },
    });
    expect(() => template({ processingConcurrency: 1 })).toThrow(/from 2 to 1000/);
  });
});
