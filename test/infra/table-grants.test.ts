/**
 * Each function's table grant (infra/table-grants.ts) is exactly what its code sends: the item actions
 * and indexes read from every declaration reachable from its handler (test/infra/table-calls.ts). A grant
 * short of the code fails in AWS only (locally nothing checks IAM); one beyond it is a write or a read a
 * stolen or misled function could make for nothing.
 */
import { describe, expect, it } from 'vitest';
import { SDK_CLIENTS } from '../../infra/bundles.js';
import { routesByArea } from '../../infra/constructs/api.js';
import { TABLE_GRANTS } from '../../infra/table-grants.js';
import { tableCallsOf } from './table-calls.js';

/**
 * What never runs for an area whose routes are all public (area-handler.ts gives them no caller): the
 * look-up and creation of the caller's record, impersonation and its audit, the admin's pool check.
 */
const CALLER_ONLY = ['auditWrite', 'ensureUser', 'lookUpImpersonation', 'poolStatus'];

const publicOnly = new Set(
  [...routesByArea()]
    .filter(([, routes]) => routes.every(([, def]) => def.access === 'public'))
    .map(([area]) => `functions/http/${area}.ts`),
);

const sorted = (xs: readonly string[] = []) => [...xs].sort();

describe('table grants', () => {
  it('name every function of the stack', () => {
    expect(Object.keys(TABLE_GRANTS).sort()).toEqual(Object.keys(SDK_CLIENTS).sort());
  });

  it('know which areas are public only: health, links, telemetry and webhooks', () => {
    expect([...publicOnly].sort()).toEqual([
      'functions/http/health.ts',
      'functions/http/links.ts',
      'functions/http/telemetry.ts',
      'functions/http/webhooks.ts',
    ]);
  });

  it.each(Object.keys(TABLE_GRANTS))('%s: the actions and indexes its code uses, no more, no fewer', (entry) => {
    const cut = publicOnly.has(entry) ? CALLER_ONLY : [];
    const calls = tableCallsOf(entry, cut);
    // A cut that met nothing would be stale, and hide nothing.
    expect(calls.cutsFound, 'cuts met').toEqual(sorted(cut));
    const grant = TABLE_GRANTS[entry];
    expect(sorted(grant.actions), `actions (sites: ${JSON.stringify(calls.sites)})`).toEqual(calls.actions);
    expect(sorted(grant.indexes), 'indexes').toEqual(calls.indexes);
  });

  it("give the public areas only what their one route does: a read for health, the rate limit's count for telemetry", () => {
    expect(TABLE_GRANTS['functions/http/health.ts']).toEqual({ actions: ['dynamodb:GetItem'], leadingKeys: ['HEALTH'] });
    expect(TABLE_GRANTS['functions/http/telemetry.ts']).toEqual({ actions: ['dynamodb:UpdateItem'], leadingKeys: ['CLIENT#*'] });
  });
});

describe('the table-calls reader', () => {
  const entry = 'test/infra/fixtures/table-calls-entry.ts';

  it("counts a transaction's items built elsewhere, not what nobody calls", () => {
    const calls = tableCallsOf(entry);
    expect(calls.commands).toEqual(['GetCommand', 'TransactWriteCommand']);
    expect(calls.actions).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem']);
  });

  it('leaves out what the caller names unreachable', () => {
    expect(tableCallsOf(entry, ['readFirst'])).toMatchObject({ actions: ['dynamodb:PutItem'], cutsFound: ['readFirst'] });
  });

  it("follows the middleware: a public area's code would create a caller's record but for the cut", () => {
    expect(tableCallsOf('functions/http/telemetry.ts').actions).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']),
    );
  });
});
