/**
 * s3rver in-process: the private media bucket and the images bucket (profile photos and covers), each
 * with CORS for the app origin, made to behave as S3 does where the product relies on it: browser uploads
 * to either are checked against their signed POST policy and get the tags the form asks for, and created
 * objects raise events (the media bucket's are the processing function's trigger).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { Readable } from 'node:stream';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { outlastClientsKeepAlive } from '../stack/ports.js';
import { checkPostPolicy, sizeLimitOf, type PolicyViolation } from './s3-post-policy.js';

// The form parser and tagging model s3rver itself uses, resolved from s3rver so they are its versions.
const require = createRequire(createRequire(import.meta.url).resolve('s3rver'));
const Busboy = require('busboy') as new (opts: { headers: Record<string, unknown> }) => NodeJS.WritableStream & {
  on(event: 'field', cb: (name: string, value: string) => void): void;
  on(event: 'file', cb: (name: string, stream: Readable) => void): void;
  on(event: 'finish' | 'error', cb: (err?: Error) => void): void;
};
const newBusboy = (headers: Record<string, unknown>) => new Busboy({ headers });
const { TaggingConfiguration } = require('./models/config') as { TaggingConfiguration: { validate(xml: string): unknown } };

/** s3rver's credentials (it accepts any signature; the POST policy check uses this secret). */
export const S3_LOCAL_SECRET = 'S3RVER';

const cors = (origin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface ObjectCreated {
  bucket: string;
  key: string;
  size: number;
  eventName: string;
}

/**
 * Reads the form as it arrives, spooling the raw body for s3rver: the fields before the file (S3 ignores
 * those after it) and the file's size (-1: no file). A file past its policy's maximum stops the spool (it
 * can only be refused) but is still read to its end, so the client gets S3's answer, not a broken pipe.
 */
async function receiveForm(
  req: NodeJS.ReadableStream & { headers: Record<string, unknown> },
  spoolPath: string,
): Promise<{ fields: Record<string, string>; fileSize: number; spooled: boolean } | null> {
  const fields: Record<string, string> = {};
  let fileSize = -1;
  let limit = Infinity;
  const spool = fs.createWriteStream(spoolPath);
  let spoolError: Error | null = null;
  spool.on('error', (err) => (spoolError = err));
  let spooling = true;
  let busboy: ReturnType<typeof newBusboy> | null;
  try {
    busboy = newBusboy(req.headers);
  } catch {
    busboy = null; // not a parsable multipart header: the body is still read, then refused
  }
  const parsed = new Promise<boolean>((resolve) => {
    if (!busboy) return resolve(false);
    busboy.on('field', (name, value) => {
      if (fileSize < 0) fields[name] = value;
    });
    busboy.on('file', (name, stream) => {
      if (name !== 'file' || fileSize >= 0) return void stream.resume();
      fileSize = 0;
      limit = sizeLimitOf(fields);
      stream.on('data', (d: Buffer) => (fileSize += d.length));
    });
    busboy.on('finish', () => resolve(true));
    busboy.on('error', () => resolve(false));
  });
  let parsing = busboy !== null;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (spoolError) throw spoolError;
    if (spooling && fileSize > limit) {
      spooling = false;
      spool.end();
    }
    if (spooling && !spool.write(chunk)) await once(spool, 'drain');
    if (parsing && busboy && !busboy.write(chunk)) await Promise.race([once(busboy, 'drain'), parsed.then(() => (parsing = false))]);
  }
  if (spooling) await new Promise<void>((resolve, reject) => spool.end((err?: Error | null) => (err ? reject(err) : resolve())));
  busboy?.end();
  return (await parsed) ? { fields, fileSize, spooled: spooling } : null;
}

const xmlError = (v: Pick<PolicyViolation, 'code' | 'message'>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${v.code}</Code><Message>${v.message.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</Message></Error>`;

interface KoaContext {
  method: string;
  path: string;
  req: NodeJS.ReadableStream & { headers: Record<string, unknown> };
  headers: Record<string, unknown>;
  status: number;
  type: string;
  body: unknown;
  store: { putSubresource(bucket: string, key: string, resource: unknown): Promise<void> };
  is(type: string): string | false | null;
}

/**
 * A browser upload (POST to the bucket) is spooled to a temporary file, checked against its policy as S3
 * would, then replayed to s3rver; on success the form's `tagging` is applied, which s3rver ignores.
 */
function enforcePostPolicy(now: () => Date) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const bucket = /^\/([^/]+)\/?$/.exec(ctx.path)?.[1];
    if (ctx.method !== 'POST' || !bucket || !ctx.is('multipart/form-data')) return next();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-post-'));
    try {
      const spool = path.join(dir, 'body');
      const form = await receiveForm(ctx.req, spool);
      // A form without a file stores nothing: s3rver answers it as S3 does.
      const violation =
        form && form.fileSize < 0
          ? null
          : form
            ? checkPostPolicy({ fields: form.fields, bucket, fileSize: form.fileSize, secretAccessKey: S3_LOCAL_SECRET, now: now() })
            : {
                status: 400 as const,
                code: 'MalformedPOSTRequest' as const,
                message: 'The body of your POST request is not well-formed multipart/form-data.',
              };
      if (violation) {
        ctx.status = violation.status;
        ctx.type = 'application/xml';
        ctx.body = xmlError(violation);
        return;
      }
      // The spool stops only past the policy's maximum, which the check above always refuses.
      if (!form!.spooled) throw new Error('An upload past its policy was not refused');
      const replay = Object.assign(fs.createReadStream(spool), { headers: ctx.req.headers });
      ctx.req = replay as unknown as KoaContext['req'];
      await next();
      const key = form!.fields.key ?? form!.fields.Key;
      if (ctx.status < 300 && form!.fields.tagging && key) {
        await ctx.store.putSubresource(bucket, key, TaggingConfiguration.validate(form!.fields.tagging));
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

export async function startS3(
  port: number,
  dataDir: string,
  buckets: string[],
  appOrigin: string,
  onObjectCreated: (e: ObjectCreated) => void,
) {
  fs.mkdirSync(dataDir, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory: path.resolve(dataDir),
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [cors(appOrigin)] })),
  });
  // Before s3rver's own middleware: Koa composes the list when the server starts listening.
  (server.middleware as unknown[]).unshift(enforcePostPolicy(() => new Date()));
  server.on(
    'event',
    (event: { Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string; size?: number } } }[] }) => {
      for (const r of event.Records) {
        if (r.eventName.startsWith('ObjectCreated')) {
          onObjectCreated({ bucket: r.s3.bucket.name, key: r.s3.object.key, size: r.s3.object.size ?? 0, eventName: r.eventName });
        }
      }
    },
  );
  await server.run();
  outlastClientsKeepAlive((server as unknown as { httpServer: Server }).httpServer);
  return { close: () => server.close() as Promise<void>, endpoint: `http://127.0.0.1:${port}` };
}
