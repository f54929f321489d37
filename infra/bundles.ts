/**
 * What each Lambda bundle may carry, and the bundles built exactly as the stack builds them
 * (createAppFunction), for the checks that hold them to it (test/infra/bundle-contents.test.ts) and the
 * bench that measures them (scripts/bench/bundles.ts).
 *
 * - The AWS SDK clients come from Lambda's runtime and are left out of the bundles, yet every client a
 *   bundle imports is loaded at each cold start: a function imports only the clients it calls
 *   (functions/lib/aws/ has one module per client).
 * - Audio decoders are large: only the processing function has them, and only those of accepted formats.
 */
import * as fs from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { createAppFunction, REPO_ROOT } from './constructs/function.js';

const DYNAMO = ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'];
/** util-dynamodb reads the item a cancelled transaction returns (platform/data/transactions.ts); lib-dynamodb loads it anyway. */
const UTIL = '@aws-sdk/util-dynamodb';
const COGNITO = '@aws-sdk/client-cognito-identity-provider';
const SECRETS = '@aws-sdk/client-secrets-manager';
const S3 = '@aws-sdk/client-s3';
const SES = '@aws-sdk/client-sesv2';
/**
 * Every HTTP area: the table (the user record's conditional writes read what a refused one met), the
 * directory (first sight of a caller, admins' MFA, impersonation) and the impersonation key.
 */
const HTTP = [...DYNAMO, UTIL, COGNITO, SECRETS];

/**
 * The SDK packages each function's bundle imports when it loads, by entry: the clients its code calls.
 * A function that calls S3 is one that presigns or moves media; one that calls SES sends e-mail.
 */
export const SDK_CLIENTS: Readonly<Record<string, readonly string[]>> = {
  'functions/http/users.ts': [...HTTP, S3, SES], // profile pictures: presigned uploads, checked and kept; an admin's authenticator e-mailed
  'functions/http/account.ts': [...HTTP, S3, SES], // deleting an account's audio and pictures; its deletion confirmed by e-mail
  'functions/http/tracks.ts': [...HTTP, S3, SES], // uploads, listening, deleting audio; refund e-mails
  'functions/http/shares.ts': [...HTTP, SES],
  'functions/http/feedbacks.ts': HTTP,
  'functions/http/payments.ts': [...HTTP, SES],
  'functions/http/billing.ts': [...HTTP],
  'functions/http/admin.ts': [...HTTP, SES], // the decision on a pro application is e-mailed
  'functions/http/health.ts': [...HTTP, S3], // the buckets are probed
  'functions/http/webhooks.ts': [...HTTP, SES], // PayPal's and Stripe's events: refunds, payouts and plans are e-mailed
  'functions/http/links.ts': HTTP, // an unsubscribe, a public review: the table only
  'functions/http/telemetry.ts': HTTP, // browsers' reports: logged and counted, nothing stored
  'functions/jobs/process-audio.ts': [...DYNAMO, UTIL, S3, '@aws-sdk/client-sqs'], // an upload put back to wait its account's turn
  'functions/jobs/comment-digest.ts': [...DYNAMO, UTIL, SES],
  'functions/jobs/reference-cleanup.ts': [...DYNAMO, UTIL, S3], // a closed request's reference tracks and their audio
  'functions/jobs/payment-checks.ts': [...DYNAMO, UTIL, SECRETS, SES],
  'functions/realtime/socket.ts': DYNAMO,
  'functions/realtime/stream.ts': [...DYNAMO, UTIL, '@aws-sdk/client-apigatewaymanagementapi'],
  'functions/triggers/post-confirmation.ts': [...DYNAMO, UTIL], // the new user's record, written conditionally
  'functions/triggers/custom-message.ts': [],
};

/** SDK packages a function loads with import() on first use only, never at a cold start. */
export const LAZY_SDK_CLIENTS: Readonly<Record<string, readonly string[]>> = {
  'functions/http/feedbacks.ts': ['@aws-sdk/client-bedrock-runtime'], // AI suggestions on Bedrock
  // Review receipts signed and checked with KMS (functions/providers/receipt-signer.ts).
  'functions/http/shares.ts': ['@aws-sdk/client-kms'],
  'functions/http/payments.ts': ['@aws-sdk/client-kms'],
  'functions/http/links.ts': ['@aws-sdk/client-kms'],
};

/** The only function that decodes audio (its decoders are loaded per format, on demand). */
export const DECODING_ENTRY = 'functions/jobs/process-audio.ts';

/**
 * The decoder packages of the formats the product accepts (docs/how-it-works.md: mp3, wav, flac, ogg, m4a/aac, aiff);
 * WAV and AIFF are PCM, read by our own code (functions/tracks/audio/pcm.ts).
 */
export const ACCEPTED_DECODERS: Readonly<Record<string, string>> = {
  '@audio/decode-mp3': 'MP3 (also MPEG audio inside WAV or MP4)',
  '@audio/decode-flac': 'FLAC (also FLAC inside Ogg)',
  '@audio/decode-vorbis': 'Ogg Vorbis',
  '@audio/decode-opus': 'Ogg Opus',
  '@audio/decode-aac': 'AAC and ALAC (m4a, raw ADTS)',
};

/**
 * Codec packages the processing function carries besides the decoders, for the codec previews
 * (functions/tracks/audio/codec-preview.ts, loaded at the first preview a container makes): libopus, whose
 * encoder makes the Opus previews. LAME and libvorbis come from wasm-media-encoders, which decodes nothing.
 */
export const PREVIEW_CODECS: Readonly<Record<string, string>> = {
  opusscript: 'libopus, the Opus previews encoder',
};

/** Code that decodes audio: our own decoding modules, and the audio decoder packages (audiojs's and the like). */
export function isDecoderSource(source: string): boolean {
  if (source === 'functions/tracks/audio.ts' || source.startsWith('functions/tracks/audio/')) return true;
  const pkg = packageOf(source);
  return (
    pkg !== null &&
    /^(@audio\/|@wasm-audio-decoders\/|audio-decode|[^/]*-decoder$|mpg123|ogg-|opus|[^/]*vorbis|[^/]*flac|[^/]*faad|[^/]*(ac3|dts|amr|alac))/i.test(
      pkg,
    )
  );
}

/** The package a bundled source file belongs to (its last node_modules segment), or null for our own code. */
export function packageOf(source: string): string | null {
  const m = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
  return m ? m[1] : null;
}

/**
 * Bundles each entry with createAppFunction (the stack's esbuild settings: minified ESM, node22, the
 * SDK clients left to the runtime) into a throw-away cloud assembly under `outdir`. Returns each entry's
 * `index.mjs`.
 */
export function buildBundles(outdir: string, entries: readonly string[] = Object.keys(SDK_CLIENTS)): Map<string, string> {
  const context = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')).context;
  const app = new App({ outdir, context });
  const stack = new Stack(app, 'Bundles');
  const ids = new Map<string, string>();
  entries.forEach((entry, i) => {
    const fn = createAppFunction(stack, `Function${i}`, { entry, description: entry, environment: {}, codeMode: 'bundle' });
    ids.set(stack.getLogicalId(fn.node.defaultChild as CfnElement), entry);
  });
  const template = app.synth().getStackByName(stack.stackName).template as { Resources: Record<string, any> };
  const bundles = new Map<string, string>();
  for (const [id, entry] of ids) {
    const key = String(template.Resources[id].Properties.Code.S3Key);
    const file = path.join(outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs');
    if (!fs.existsSync(file)) throw new Error(`no bundle for ${entry} at ${file}`);
    bundles.set(entry, file);
  }
  return bundles;
}

export interface BundleFacts {
  bytes: number;
  gzipBytes: number;
  /** Packages the bundle imports when it loads (left out of it: the runtime's). */
  imports: string[];
  /** Packages it imports with import() on first use. */
  lazyImports: string[];
  /** The files bundled into it, relative to the repository (node_modules/... for packages), from its source map. */
  sources: string[];
  /** The packages bundled into it. */
  packages: string[];
}

const unique = (xs: Iterable<string>) => [...new Set(xs)].sort();

/** What a bundle built by buildBundles carries: its sizes, what it imports, what is inlined in it. */
export function bundleFacts(file: string): BundleFacts {
  const code = fs.readFileSync(file);
  const text = code.toString('utf8');
  const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
  const sources = unique(
    map.sources.map((s) => {
      const relative = path
        .relative(REPO_ROOT, path.resolve(path.dirname(file), s))
        .split(path.sep)
        .join('/');
      // A package from wherever node_modules really is (it may be linked from elsewhere).
      const at = relative.lastIndexOf('node_modules/');
      return at > 0 ? relative.slice(at) : relative;
    }),
  );
  // Packages only: not Node's own modules, not files.
  const bare = (specifier: string) => !/^(node:|\.|\/)/.test(specifier) && !builtinModules.includes(specifier);
  return {
    bytes: code.length,
    gzipBytes: gzipSync(code).length,
    imports: unique(
      [...text.matchAll(/(?:^|[;}\s])import\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s*[\w$]+|\{[^}]*\})?\s*(?:from\s*)?["']([^"']+)["']/g)]
        .map((m) => m[1])
        .filter(bare),
    ),
    lazyImports: unique([...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]).filter(bare)),
    sources,
    packages: unique(sources.flatMap((s) => packageOf(s) ?? [])),
  };
}
