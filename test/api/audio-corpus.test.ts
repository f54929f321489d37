/**
 * The committed corpus of real encodings (test/fixtures/audio, see its README) through the real path:
 * presigned upload, registration, processing by the S3 event, then listening through the signed URL.
 * Every accepted file plays back (byte for byte, or as a WAV copy where browsers cannot play the format)
 * with its measured duration; every refused one ends `failed` with a reason and leaves no audio behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PEAKS_COUNT } from '../../shared/constants.js';
import { callRoute, createConfirmedUser, type TestUser } from '../support/stack-kit.js';
import { registerUpload } from '../support/flows.js';

const stack = inject('stack');
const CORPUS = path.resolve('test/fixtures/audio');
const manifest = JSON.parse(fs.readFileSync(path.join(CORPUS, 'manifest.json'), 'utf8')) as Record<
  string,
  { durationSeconds: number | null; expect: 'accept' | 'reject'; covers: string }
>;
const s3 = new S3Client({
  region: 'us-east-1',
  endpoint: stack.s3Endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

/** What a browser would declare for the file's extension (the upload form only takes audio/* types). */
const DECLARED: Record<string, string> = {
  '.wav': 'audio/wav',
  '.aiff': 'audio/aiff',
  '.aif': 'audio/aiff',
  '.aifc': 'audio/aiff',
  '.mp3': 'audio/mpeg',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.mp4': 'audio/mp4',
  '.aac': 'audio/aac',
};

/** The encodings stored as a playable copy (test/unit/audio-corpus.test.ts lists why). */
const NEEDS_PLAYABLE_COPY = /^(aiff|aifc|alac)-|^wav-(s32|f64|rf64|mp3)/;

/** Upload tickets are limited per user and minute (functions/platform/rate-limits.ts): the corpus is several users' uploads. */
const UPLOADERS = 3;
let users: TestUser[];
beforeAll(async () => {
  users = await Promise.all(Array.from({ length: UPLOADERS }, () => createConfirmedUser(stack, { prefix: 'corpus' })));
});

// The empty file never gets this far: S3 refuses an empty POST (tracks.test.ts covers it).
const entries = Object.entries(manifest).filter(([file]) => fs.statSync(path.join(CORPUS, file)).size > 0);

describe('every real encoding of the corpus, uploaded, processed and played', () => {
  it.each(entries)('%s', async (file, m) => {
    const user = users[entries.findIndex(([f]) => f === file) % UPLOADERS];
    const bytes = fs.readFileSync(path.join(CORPUS, file));
    const track = await registerUpload(stack, user, bytes, file, file, DECLARED[path.extname(file)] ?? 'audio/mpeg');
    if (m.expect === 'reject') {
      expect(track.status, m.covers).toBe('failed');
      expect(track.failureReason).toMatch(/\w+/);
      expect(track.audioUrl).toBe('');
      return;
    }
    expect(track.status, `${m.covers}: ${track.failureReason}`).toBe('ready');
    expect(Math.abs(track.duration - m.durationSeconds!), m.covers).toBeLessThan(0.5);
    expect(Buffer.from(track.peaks, 'base64')).toHaveLength(PEAKS_COUNT);
    const { body } = await callRoute(stack.apiUrl, 'getSignedUrl', { trackId: track.id }, user.idToken);
    const played = await fetch(body.signedUrl);
    expect(played.status).toBe(200);
    const served = Buffer.from(await played.arrayBuffer());
    const head = await s3.send(new HeadObjectCommand({ Bucket: stack.mediaBucket, Key: track.audioUrl }));
    if (NEEDS_PLAYABLE_COPY.test(file)) {
      // Browsers cannot play it as uploaded: a 16-bit PCM WAV copy is what is served.
      expect(head.ContentType).toBe('audio/wav');
      expect(track.audioUrl).toMatch(/\.wav$/);
      expect(served.toString('ascii', 0, 4) + served.readUInt16LE(34)).toBe('RIFF16');
    } else {
      expect(served.equals(bytes)).toBe(true);
      // Served with the type its bytes proved, whatever the browser declared.
      expect(head.ContentType).toMatch(/^audio\//);
    }
  });
});
