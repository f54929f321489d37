/**
 * Direct upload to storage: the API hands out a presigned POST (its policy pins the key, the size and the
 * content type); the browser posts the file there itself, so no audio passes through the API.
 * XMLHttpRequest, not fetch: it reports upload progress and can be aborted.
 */
import { UPLOAD_FAILED_ERROR } from '@shared/constants';

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** Whole percent, 0-100. */
  percent: number;
}

export class UploadAbortedError extends Error {
  constructor() {
    super('The upload was cancelled');
    this.name = 'AbortError';
  }
}

export class UploadFailedError extends Error {
  constructor(
    readonly status: number,
    message: string = UPLOAD_FAILED_ERROR,
  ) {
    super(message);
    this.name = 'UploadFailedError';
  }
}

export const isAbort = (err: unknown) => err instanceof UploadAbortedError || (err as Error)?.name === 'AbortError';

/** When the API gives no Retry-After with a 429 (the stage's own throttle), try again after this long. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 10_000;

/**
 * How long to wait before asking again, when the error is a 429 (too many upload tickets in a minute, or
 * the API's throttle); null for any other error. The API's errors carry Retry-After's seconds in their body.
 */
export function rateLimitWaitMs(err: unknown): number | null {
  if (!err || typeof err !== 'object' || (err as { status?: unknown }).status !== 429) return null;
  const seconds = Number((err as { details?: { retryAfterSeconds?: unknown } }).details?.retryAfterSeconds);
  return seconds > 0 ? seconds * 1000 : DEFAULT_RATE_LIMIT_WAIT_MS;
}

/** Resolves after `ms`; rejects with UploadAbortedError as soon as `signal` aborts. */
export function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new UploadAbortedError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new UploadAbortedError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The form a presigned POST expects: every policy field first, the file last. */
export function buildUploadForm(fields: Record<string, string>, file: Blob, filename?: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (filename) form.append('file', file, filename);
  else form.append('file', file);
  return form;
}

/** The message of a storage error answer (S3 answers XML: <Error><Message>...</Message></Error>). */
export function storageErrorMessage(body: string): string | null {
  const match = /<Message>([^<]{1,300})<\/Message>/.exec(body || '');
  return match ? match[1].trim() || null : null;
}

export function percentOf(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

/** Posts the file to the presigned URL. Resolves on any 2xx; `signal` aborts it. */
export function postToStorage(
  ticket: PresignedPost,
  file: Blob,
  options: {
    filename?: string;
    onProgress?: (p: UploadProgress) => void;
    signal?: AbortSignal;
    XHR?: typeof XMLHttpRequest;
  } = {},
): Promise<void> {
  const Xhr = options.XHR ?? XMLHttpRequest;
  return new Promise<void>((resolve, reject) => {
    if (options.signal?.aborted) return reject(new UploadAbortedError());
    const xhr = new Xhr();
    const onAbort = () => xhr.abort();
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', ticket.url);
    xhr.upload.onprogress = (e: ProgressEvent) => {
      const total = e.lengthComputable ? e.total : file.size;
      options.onProgress?.({ loaded: e.loaded, total, percent: percentOf(e.loaded, total) });
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.({ loaded: file.size, total: file.size, percent: 100 });
        resolve();
      } else {
        const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
        reject(new UploadFailedError(xhr.status, storageErrorMessage(text) ?? UPLOAD_FAILED_ERROR));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new UploadFailedError(0));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new UploadAbortedError());
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(buildUploadForm(ticket.fields, file, options.filename));
  });
}
