/**
 * The page's own Content-Security-Policy (infra/constructs/web.ts): what it allows, and where it is
 * written into index.html. test/infra/stack.test.ts checks the hosts the stack gives it.
 */
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  inlineContentSecurityPolicy,
  pageContentSecurityPolicy,
  presignedHost,
} from '../../infra/constructs/web.js';

const hosts = {
  api: 'https://abc123.execute-api.eu-west-1.amazonaws.com',
  realtime: 'wss://def456.execute-api.eu-west-1.amazonaws.com',
  media: presignedHost('stack-media-1', 'eu-west-1', 'amazonaws.com'),
  images: presignedHost('stack-images-2', 'eu-west-1', 'amazonaws.com'),
};

describe("the page's policy", () => {
  it("lets the page connect to this stack's hosts, Cognito and PayPal only, and play audio from the media bucket only", () => {
    expect(pageContentSecurityPolicy('eu-west-1', hosts)).toBe(
      "connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com https://abc123.execute-api.eu-west-1.amazonaws.com " +
        'wss://def456.execute-api.eu-west-1.amazonaws.com https://stack-media-1.s3.eu-west-1.amazonaws.com ' +
        "https://stack-images-2.s3.eu-west-1.amazonaws.com https://*.paypal.com; media-src 'self' blob: https://stack-media-1.s3.eu-west-1.amazonaws.com",
    );
  });

  it('allows nothing the header does not: every host it names matches a pattern of the same directive there', () => {
    const directives = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));
    const header = directives(contentSecurityPolicy('eu-west-1'));
    const matches = (source: string, pattern: string) =>
      source === pattern || (pattern.includes('*') && new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace('*', '[^.]+')}$`).test(source));
    for (const [name, sources] of directives(pageContentSecurityPolicy('eu-west-1', hosts))) {
      for (const source of sources)
        expect(
          header.get(name)!.some((pattern) => matches(source, pattern)),
          `${name} ${source}`,
        ).toBe(true);
    }
  });

  it('goes first in the head, before any script, and replaces one written before', () => {
    const page =
      '<!doctype html><html lang="en"><head data-x="1"><meta charset="UTF-8" /><script type="module" src="/assets/index.js"></script></head></html>';
    const once = inlineContentSecurityPolicy(page, "connect-src 'self'");
    expect(once).toBe(
      '<!doctype html><html lang="en"><head data-x="1"><meta http-equiv="Content-Security-Policy" content="connect-src \'self\'"><meta charset="UTF-8" /><script type="module" src="/assets/index.js"></script></head></html>',
    );
    const twice = inlineContentSecurityPolicy(once, "connect-src 'none'");
    expect(twice.match(/Content-Security-Policy/g)).toHaveLength(1);
    expect(twice).toContain('content="connect-src \'none\'"');
  });

  it('refuses a policy that could break out of its attribute, and a page without a head', () => {
    expect(() => inlineContentSecurityPolicy('<head></head>', 'connect-src "x"><script>')).toThrow(/quotes or angle brackets/);
    expect(() => inlineContentSecurityPolicy('<div></div>', "connect-src 'self'")).toThrow(/no <head>/);
  });
});
