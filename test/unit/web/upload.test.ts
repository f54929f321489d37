import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_FILE_ERROR, UPLOAD_FAILED_ERROR } from '../../../shared/schemas/tracks';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

import { uploadTrack } from '../../../web/src/features/tracks/api/upload';
import {
  buildUploadForm,
  percentOf,
  postToStorage,
  rateLimitWaitMs,
  storageErrorMessage,
  UploadAbortedError,
  UploadFailedError,
} from '../../../web/src/lib/storage-upload';
import { ApiError } from '../../../web/src/lib/api-client';
import { apiMock } from './amplify-mock';

/** A stand-in XMLHttpRequest driven by the test. */
class FakeXHR {
  static last: FakeXHR | undefined;
  static all: FakeXHR[] = [];
  method = '';
  url = '';
  body: FormData | undefined;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXHR.last = this;
    FakeXHR.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  respond(status: number, text = '') {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

const ticket = { url: 'http://storage.test/bucket', fields: { key: 'audio/u1/1_song.mp3', 'Content-Type': 'audio/mpeg', Policy: 'p' } };
const audio = (name = 'song.mp3', type = 'audio/mpeg', size = 1000) => new File([new Uint8Array(size)], name, { type });
const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  FakeXHR.last = undefined;
  FakeXHR.all = [];
  apiMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the presigned POST form', () => {
  it('puts every policy field first and the file last', () => {
    const form = buildUploadForm(ticket.fields, audio(), 'song.mp3');
    const keys = [...form.keys()];
    expect(keys).toEqual(['key', 'Content-Type', 'Policy', 'file']);
    expect(form.get('key')).toBe('audio/u1/1_song.mp3');
    expect((form.get('file') as File).name).toBe('song.mp3');
  });
  it('reads storage error answers and computes whole percents', () => {
    expect(
      storageErrorMessage(
        '<Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>',
      ),
    ).toBe('Your proposed upload exceeds the maximum allowed size');
    expect(storageErrorMessage('nope')).toBeNull();
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(333, 1000)).toBe(33);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe('postToStorage', () => {
  it('posts to the URL, reports progress and resolves on any 2xx', async () => {
    const seen: number[] = [];
    const done = postToStorage(ticket, audio(), { XHR: FakeXHR as never, onProgress: (p) => seen.push(p.percent) });
    const xhr = FakeXHR.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', ticket.url]);
    xhr.progress(250, 1000);
    xhr.progress(500, 1000);
    xhr.respond(204);
    await expect(done).resolves.toBeUndefined();
    expect(seen).toEqual([25, 50, 100]);
  });
  it('fails with the storage message, or the generic upload message', async () => {
    let done = postToStorage(ticket, audio(), { XHR: FakeXHR as never });
    FakeXHR.last!.respond(403, '<Error><Message>Policy expired</Message></Error>');
    await expect(done).rejects.toMatchObject({ name: 'UploadFailedError', status: 403, message: 'Policy expired' });
    done = postToStorage(ticket, audio(), { XHR: FakeXHR as never });
    FakeXHR.last!.onerror!();
    await expect(done).rejects.toBeInstanceOf(UploadFailedError);
    await expect(done).rejects.toThrow(UPLOAD_FAILED_ERROR);
  });
  it('aborts the request when the signal fires', async () => {
    const ctrl = new AbortController();
    const done = postToStorage(ticket, audio(), { XHR: FakeXHR as never, signal: ctrl.signal });
    FakeXHR.last!.progress(100, 1000);
    ctrl.abort();
    await expect(done).rejects.toBeInstanceOf(UploadAbortedError);
    expect(FakeXHR.last!.aborted).toBe(true);
  });
  it('does not start when already aborted', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(postToStorage(ticket, audio(), { XHR: FakeXHR as never, signal: ctrl.signal })).rejects.toBeInstanceOf(UploadAbortedError);
    expect(FakeXHR.all).toHaveLength(0);
  });
});

describe('uploadTrack', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXHR));

  it('refuses a file that is not audio before calling anything', async () => {
    await expect(uploadTrack({ file: audio('cover.png', 'image/png'), title: 'Cover' })).rejects.toThrow(AUDIO_FILE_ERROR);
    expect(apiMock).not.toHaveBeenCalled();
  });

  it('asks for a presigned POST, uploads, then creates the track from the stored key', async () => {
    apiMock.mockImplementation(async (name: string, input: Record<string, unknown>) => {
      if (name === 'createUploadUrl') return { ...ticket, key: 'uploads/u1/t/song.mp3', expiresAt: 'later' };
      if (name === 'createTrack') return { id: 't1', ...input };
      throw new Error(name);
    });
    const stored = vi.fn();
    const result = uploadTrack({ file: audio('song.wav', '', 2048), title: '  My Song ', artist: ' ' }, { onStored: stored });
    await tick();
    expect(apiMock).toHaveBeenCalledWith('createUploadUrl', { filename: 'song.wav', contentType: 'audio/wav', size: 2048 });
    FakeXHR.last!.respond(201);
    await expect(result).resolves.toMatchObject({ id: 't1' });
    expect(stored).toHaveBeenCalledOnce();
    expect(apiMock).toHaveBeenLastCalledWith('createTrack', { key: 'uploads/u1/t/song.mp3', title: 'My Song' });
  });

  it('waits for processing: a refused file is reported with its reason and its failed track removed', async () => {
    vi.useFakeTimers();
    try {
      const states = ['processing', 'failed'];
      apiMock.mockImplementation(async (name: string) => {
        if (name === 'createUploadUrl') return { ...ticket, key: 'uploads/u1/t/x.mp3', expiresAt: 'later' };
        if (name === 'createTrack') return { id: 't1', status: 'processing', failureReason: null };
        if (name === 'listTracks')
          return { tracks: [{ id: 't1', status: states.shift(), failureReason: 'This file is not audio we can read.', versions: [] }] };
        if (name === 'deleteTracks') return { deleted: ['t1'], failed: [] };
        throw new Error(name);
      });
      const result = uploadTrack({ file: audio('x.mp3', 'audio/mpeg'), title: 'X' });
      const settled = expect(result).rejects.toThrow('This file is not audio we can read.');
      await vi.advanceTimersByTimeAsync(0);
      FakeXHR.last!.respond(201);
      await vi.advanceTimersByTimeAsync(2000);
      await settled;
      expect(apiMock).toHaveBeenCalledWith('deleteTracks', { ids: ['t1'] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a long file processing to the track list after a short wait', async () => {
    vi.useFakeTimers();
    try {
      apiMock.mockImplementation(async (name: string) => {
        if (name === 'createUploadUrl') return { ...ticket, key: 'uploads/u1/t/long.wav', expiresAt: 'later' };
        if (name === 'createTrack' || name === 'listTracks') {
          const t = { id: 't2', status: 'processing', failureReason: null };
          return name === 'listTracks' ? { tracks: [{ ...t, versions: [] }] } : t;
        }
        throw new Error(name);
      });
      const result = uploadTrack({ file: audio('long.wav', 'audio/wav'), title: 'Long' });
      await vi.advanceTimersByTimeAsync(0);
      FakeXHR.last!.respond(201);
      await vi.advanceTimersByTimeAsync(16_000);
      await expect(result).resolves.toMatchObject({ id: 't2', status: 'processing' });
      expect(apiMock).not.toHaveBeenCalledWith('deleteTracks', expect.anything());
    } finally {
      vi.useRealTimers();
    }
  });

  it('creates nothing when the upload is cancelled', async () => {
    apiMock.mockResolvedValueOnce({ ...ticket, key: 'k', expiresAt: 'later' });
    const ctrl = new AbortController();
    const result = uploadTrack({ file: audio(), title: 'Song' }, { signal: ctrl.signal });
    await tick();
    FakeXHR.last!.progress(10, 1000);
    ctrl.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(apiMock).toHaveBeenCalledTimes(1);
    expect(apiMock).not.toHaveBeenCalledWith('createTrack', expect.anything());
  });

  it('creates nothing when the storage upload fails', async () => {
    apiMock.mockResolvedValueOnce({ ...ticket, key: 'k', expiresAt: 'later' });
    const result = uploadTrack({ file: audio(), title: 'Song' });
    await tick();
    FakeXHR.last!.respond(500);
    await expect(result).rejects.toThrow(UPLOAD_FAILED_ERROR);
    expect(apiMock).toHaveBeenCalledTimes(1);
  });

  it('passes on the server refusing bytes that are not audio', async () => {
    apiMock.mockResolvedValueOnce({ ...ticket, key: 'k', expiresAt: 'later' });
    apiMock.mockRejectedValueOnce(Object.assign(new Error(AUDIO_FILE_ERROR), { status: 400, code: 'not_audio' }));
    const result = uploadTrack({ file: audio('cover.mp3', 'audio/mpeg'), title: 'Cover' });
    await tick();
    FakeXHR.last!.respond(204);
    await expect(result).rejects.toThrow(AUDIO_FILE_ERROR);
  });
});

describe('rateLimitWaitMs', () => {
  it("waits a 429's Retry-After (carried in the error's body), 10 s when the throttle gives none, and never for other errors", () => {
    expect(rateLimitWaitMs(new ApiError(429, 'rate_limited', 'Too many', undefined, { retryAfterSeconds: 42 }))).toBe(42_000);
    expect(rateLimitWaitMs(new ApiError(429, 'http_error', 'Too Many Requests'))).toBe(10_000);
    expect(rateLimitWaitMs(new ApiError(400, 'bad_request', 'No'))).toBeNull();
    expect(rateLimitWaitMs(new Error('network'))).toBeNull();
  });
});
