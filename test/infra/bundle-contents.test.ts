/**
 * What each Lambda bundle carries, read from the bundles built exactly as the stack builds them
 * (infra/bundles.ts): the SDK clients it imports (each one costs import time at every cold start), what is
 * inlined in it (its source map's sources), and its size. Sizes are deterministic: a budget that fails
 * means something new was bundled (zod's locales, an SDK client, a decoder), not a slower machine.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCEPTED_DECODERS,
  PREVIEW_CODECS,
  buildBundles,
  bundleFacts,
  DECODING_ENTRY,
  isDecoderSource,
  LAZY_SDK_CLIENTS,
  packageOf,
  SDK_CLIENTS,
  type BundleFacts,
} from '../../infra/bundles.js';
import { BEDROCK_AREAS, BUCKET_PROBE_AREAS, IMAGES_GRANTS, MAIL_AREAS, MEDIA_GRANTS, routesByArea } from '../../infra/constructs/api.js';
import { REPO_ROOT } from '../../infra/constructs/function.js';
import { makeTempDir } from './synth.js';

const KB = 1024;

/**
 * Gzip budgets, a little above what the bundles weigh now. The HTTP areas carry zod's mini build (about
 * 8 KB gzip) and only their own routes' schemas (shared/api/route-schemas/<area>.ts); with zod's classic
 * API and every route's schemas they weighed 50-69 KB, and before that 108-131 KB with zod's locales.
 * The earlier goal for users, shares and feedbacks was 40 KB; the money and access guards added 1-4 KB
 * to each area (sharded partitions, the limits table, the mail template shared by the areas that mail,
 * and for users the authenticator's set-up with its SES e-mail).
 */
const GZIP_BUDGET: Record<string, number> = {
  'functions/http/users.ts': 55 * KB, // the route table's reference tracks' routes (0.1 KB); a pro's Snip Pro pool membership kept with their record (0.1 KB); the e-mail preferences' hints saying what each kind carries (0.1 KB); the authenticator's routes and their e-mail; Choose Your Pro's orders and reputation; earnings' states; the front page's showcase; e-mail preferences and unsubscribe links (per kind: 0.1 KB); a musician's progress figures (1.6 KB); a service's passing trouble said as a 503 (0.3 KB)
  'functions/http/account.ts': 49 * KB, // a Snip Pro request still in the pool stops a deletion (0.15 KB); the musician's 'Accepted', 'Declined' and 'Paid' e-mails, with the share modules that send them (0.3 KB); 'Download my data': every list of the account and its requests' views, its ledger as the earnings show it and its payouts (0.6 KB); 'Delete my account': track deletion (5.6 KB), S3, its confirmation e-mail (1.6 KB)
  'functions/http/tracks.ts': 72 * KB, // a reference ticket's idempotency key, its derived id and request hash (0.5 KB); a request's reference tracks: attaching, playing, removing, and the mix compared with each by band (1.6 KB); a track's codec previews in its report, asked for when it is opened (0.6 KB); a deleted track's Snip Pro request in the pool refunded with it, the musician's requests read beside the deletion (0.35 KB); Snip Pro requests in the payment state machine (0.4 KB); the payer's 'Paid' e-mail, sent by the payment executor (0.1 KB); a reviewer's listening session (1.1 KB); a service's passing trouble said as a 503 (0.3 KB); the S3 presigners; the payment state machine and its executor (a deleted track's paid requests); versions and their listing (2 KB); e-mails' unsubscribe links; renaming a track with its versions (0.3 KB)
  'functions/http/shares.ts': 69 * KB, // a comment that cites a reference track's measured difference read as from analysis: the comparison and the references' read (1.1 KB); a deleted track's codec previews' files, deleted with it (it went 14 bytes past 67 KB); a reported pro marked for Snip Pro, focus areas and the World-Class badge kept with a request (0.15 KB); Snip Pro requests in the payment state machine (0.5 KB); the musician's 'Accepted' and 'Declined' e-mails, claimed with the answer (0.2 KB); paid reviews' signed receipts, made at delivery or on first read and checked (1.1 KB); the analysis findings a reviewer confirms or dismisses (0.6 KB); the floor that reads a review's words and how each comment was made (1.2 KB); reputation events written with the review and the rating (0.8 KB); every comment compared with the reviewer's others and their templates, the floor held by the completion's condition, repeats answered as they landed (0.8 KB); the payment state machine and its executor (a paid request declined or completed); a review's floor, listening, drafts, reputation, reports; the track's report summary; re-checks and their checklist (2 KB); read-only review links (2 KB); a completed review added to the musician's progress (0.8 KB)
  'functions/http/feedbacks.ts': 35 * KB, // the route table every area carries (World-Class vetting's route, 0.1 KB) (the account's routes, the links area); AI Suggest's count, and a reviewer's comment templates with their schemas (1.1 KB)
  'functions/http/payments.ts': 68 * KB, // Snip Pro requests withdrawn, matched by focus areas, their offers e-mailed by wave (0.45 KB); Snip Pro requests: matching from the pool, offers, claims, the money held in the pool (2.3 KB); a pro's World-Class vetting in the user's views and price writes (0.1 KB); the receipt beside a reported review, checked (1 KB); payouts PayPal refuses or leaves unanswered, the admin's list of them, PayPal's passing trouble asked again (1.4 KB); the payment and payout state machines and their executors; PayPal's Payouts; the disputes queue (a share's views, with the track's report summary); the books and the ledger's export; a paid re-check's terms; e-mails that link to their request's page, and to stop their kind
  'functions/http/billing.ts': 68 * KB, // a pro's Snip Pro pool membership kept with their record (0.2 KB); the Stripe SDK; the route table every area carries (new public routes)
  'functions/http/admin.ts': 43 * KB, // an application approved as World-Class, audited twice, and the directory's tiers with the schemas the route table carries (1 KB); the Snip Pro pool's health per genre; a pro's pool membership kept with their record (0.1 KB); World-Class vetting, audited (0.2 KB); each analysis detector's confirmed and dismissed findings; e-mails that link to their request's page, and to stop their kind
  'functions/http/health.ts': 30 * KB,
  'functions/http/webhooks.ts': 85 * KB, // Snip Pro requests in the payment state machine and its executor (0.3 KB); PayPal's and Stripe's events: the Stripe SDK (its signature check and the plan catalogue), the payment and payout machines and their executors, the e-mails they send
  'functions/http/links.ts': 39 * KB, // a public review saying what it drew on besides the ear (0.1 KB); an unsubscribe and a public review, with the route table every area carries (World-Class vetting's route, 0.1 KB)
  'functions/http/telemetry.ts': 33 * KB, // the route table's reference tracks' routes (0.1 KB); the route table every area carries (the account's routes)
  'functions/jobs/process-audio.ts': 1000 * KB, // the codec previews' encoders, loaded at a container's first preview: LAME and libvorbis as WebAssembly (wasm-media-encoders) and libopus (opusscript), 506 KB; the wasm decoders of the accepted formats
  'functions/jobs/reference-cleanup.ts': 8 * KB,
  'functions/jobs/comment-digest.ts': 7 * KB, // the digest's unsubscribe link, sent only to who wants digests
  'functions/jobs/payment-checks.ts': 25 * KB, // Snip Pro requests in the payment state machine, refunded unclaimed (0.2 KB); a pro's World-Class vetting in the user's views and price writes (0.1 KB); reputation events left waiting; payouts PayPal refuses or leaves unanswered (1.1 KB); e-mails' unsubscribe links; the payment and payout state machines and their executors; deadline reminders, reputation, releases; the daily reconciliation
  'functions/realtime/socket.ts': 8 * KB,
  'functions/realtime/stream.ts': 3 * KB,
  'functions/triggers/post-confirmation.ts': 16 * KB, // the route table's reference tracks' routes (0.01 KB); the new user's unsubscribe key
  'functions/triggers/custom-message.ts': 2 * KB,
};

/** Every Lambda entry of the stack: one function per HTTP area, and those the constructs name. */
function stackEntries(): string[] {
  const named = fs
    .readdirSync(path.join(REPO_ROOT, 'infra/constructs'))
    .flatMap((file) =>
      [...fs.readFileSync(path.join(REPO_ROOT, 'infra/constructs', file), 'utf8').matchAll(/\bentry: '([^']+)'/g)].map((m) => m[1]),
    );
  return [...[...routesByArea().keys()].map((area) => `functions/http/${area}.ts`), ...named].sort();
}

const sdk = (facts: BundleFacts) => facts.imports.filter((p) => p.startsWith('@aws-sdk/'));

describe('what each Lambda bundle carries', () => {
  let dir: string;
  const facts = new Map<string, BundleFacts>();

  /** What an earlier synthesis left in the same cloud assembly: a bundle of code that has changed since. */
  const STALE = 'export const handler = async () => "built before the code changed";';

  beforeAll(() => {
    dir = makeTempDir('infra-bundle-contents');
    const earlier = path.join(dir, 'cdk.out', '.bundles', 'functions-http-health');
    fs.mkdirSync(earlier, { recursive: true });
    fs.writeFileSync(path.join(earlier, 'index.mjs'), STALE);
    for (const [entry, file] of buildBundles(path.join(dir, 'cdk.out'))) facts.set(entry, bundleFacts(file));
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('knows every function of the stack', () => {
    expect(Object.keys(SDK_CLIENTS).sort()).toEqual(stackEntries());
    expect(Object.keys(GZIP_BUDGET).sort()).toEqual(stackEntries());
    expect([...facts.keys()].sort()).toEqual(stackEntries());
  });

  it('are built afresh by each synthesis, never taken from an earlier one in the same folder', () => {
    const health = facts.get('functions/http/health.ts')!;
    expect(health.sources).toContain('functions/http/health.ts');
    expect(health.bytes).toBeGreaterThan(STALE.length);
  });

  it.each(Object.keys(SDK_CLIENTS))('%s imports only the SDK clients it calls', (entry) => {
    const f = facts.get(entry)!;
    expect(sdk(f), 'imported when it loads').toEqual([...SDK_CLIENTS[entry]].sort());
    expect(
      f.lazyImports.filter((p) => p.startsWith('@aws-sdk/')),
      'imported on first use',
    ).toEqual([...(LAZY_SDK_CLIENTS[entry] ?? [])].sort());
    // The runtime provides them: a client inlined in the bundle would be loaded twice over. So does
    // Powertools' layer.
    expect(f.sources.filter((s) => /node_modules\/@aws-sdk\/(client-|lib-dynamodb|util-dynamodb)/.test(s))).toEqual([]);
    expect(f.sources.filter((s) => s.includes('node_modules/@aws-lambda-powertools/'))).toEqual([]);
  });

  it("an HTTP area's clients are the ones its grants allow", () => {
    for (const area of routesByArea().keys()) {
      const f = facts.get(`functions/http/${area}.ts`)!;
      const clients = [...sdk(f), ...f.lazyImports];
      expect(clients.includes('@aws-sdk/client-s3'), `${area} S3`).toBe(
        area in MEDIA_GRANTS || area in IMAGES_GRANTS || BUCKET_PROBE_AREAS.has(area),
      );
      expect(clients.includes('@aws-sdk/client-sesv2'), `${area} SES`).toBe(MAIL_AREAS.has(area));
      expect(clients.includes('@aws-sdk/client-bedrock-runtime'), `${area} Bedrock`).toBe(BEDROCK_AREAS.has(area));
    }
  });

  it('only the processing function carries decoders, and only those of accepted formats', () => {
    for (const [entry, f] of facts) {
      const decoders = f.sources.filter(isDecoderSource);
      if (entry !== DECODING_ENTRY) {
        expect(decoders, entry).toEqual([]);
        continue;
      }
      const packages = new Set(decoders.flatMap((s) => packageOf(s) ?? []));
      const allowed = { ...ACCEPTED_DECODERS, ...PREVIEW_CODECS };
      expect(
        [...packages].filter((p) => !(p in allowed)),
        'decoders of formats not accepted',
      ).toEqual([]);
      // And it does decode: every accepted format's decoder is there, and the previews' codecs.
      expect([...packages].sort()).toEqual(Object.keys(allowed).sort());
    }
  });

  it('zod is bundled in its mini build, without the classic API or any locale', () => {
    for (const [entry, f] of facts) {
      const zod = f.sources.filter((s) => s.startsWith('node_modules/zod/'));
      expect(
        zod.filter((s) => s.includes('/classic/') || s.includes('/locales/')),
        entry,
      ).toEqual([]);
    }
    expect(facts.get('functions/http/users.ts')!.sources).toContain('node_modules/zod/v4/mini/schemas.js');
  });

  it.each(Object.keys(GZIP_BUDGET))('%s stays within its gzip budget', (entry) => {
    expect(facts.get(entry)!.gzipBytes).toBeLessThanOrEqual(GZIP_BUDGET[entry]);
  });
});
