/**
 * Registration and processing meet in one write: a result that processing records between registration's
 * read and its write comes back from the refused write, and the track is written finished with it.
 */
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { callRoute, createConfirmedUser, flows, until, useStackEnvironment } from '../support/stack-kit.js';
import { wavBytes } from '../support/audio.js';

const stack = inject('stack');
/** Processing runs a few uploads at once: with the other test files' uploads queued, one may wait its turn. */
const PROCESSING_WAIT_MS = 90_000;
const TEST_MS = PROCESSING_WAIT_MS * 2;

beforeAll(() => useStackEnvironment(stack));
afterEach(() => vi.restoreAllMocks());

/** A new musician's upload of a second of audio, once processing has recorded its result. */
async function recordedUpload(filename: string) {
  const musician = await createConfirmedUser(stack);
  const userId = await flows.onboard(stack, musician, 'musician');
  const { key } = await flows.uploadFile(stack, musician, wavBytes({ seconds: 1 }), filename);
  const uploads = await import('../../functions/tracks/data/uploads.js');
  const result = await until('processing to record its result', () => uploads.getResult(key), Boolean, PROCESSING_WAIT_MS);
  const media = await import('../../functions/tracks/data/media.js');
  const { createTrack } = await import('../../functions/tracks/tracks.js');
  /** Registration of the upload, as the route runs it for the musician. */
  const register = (title: string) => createTrack({ id: userId, plan: undefined } as never, { key, title });
  return { musician, key, uploads, media, result, register };
}

describe('registration racing processing', () => {
  it(
    'writes the track finished with a result recorded after registration looked for it',
    async () => {
      const { musician, uploads, media, register } = await recordedUpload('late.wav');

      // As if the result had been recorded (and the upload removed) just after registration looked.
      vi.spyOn(uploads, 'getResult').mockResolvedValueOnce(null);
      vi.spyOn(media, 'headObject').mockResolvedValueOnce({ size: 1000, contentType: 'audio/wav' } as never);
      const track = await register('Late');
      expect(track).toMatchObject({ status: 'ready', title: 'Late' });
      expect(track.audioKey).toMatch(/^audio\//);
      const listed = (await callRoute(stack.apiUrl, 'listTracks', {}, musician.idToken)).body.tracks;
      expect(listed).toEqual([expect.objectContaining({ id: track.id, status: 'ready' })]);
    },
    TEST_MS,
  );

  it(
    'registers an upload whose result was read before processing recorded it and whose HEAD came after its removal',
    async () => {
      const { key, uploads, media, register } = await recordedUpload('between.wav');
      await until(
        'processing to remove the upload',
        () => media.headObject(key),
        (head) => !head,
        PROCESSING_WAIT_MS,
      );

      // The reads side by side: the result's before processing wrote it, the HEAD's after it removed the upload.
      vi.spyOn(uploads, 'getResult').mockResolvedValueOnce(null);
      const track = await register('Between');
      expect(track).toMatchObject({ status: 'ready', title: 'Between' });
    },
    TEST_MS,
  );

  it(
    'tags the processed audio to expire again when the track cannot be written',
    async () => {
      const { media, result, register } = await recordedUpload('throttled.wav');
      const tracks = await import('../../functions/tracks/data/tracks.js');
      vi.spyOn(tracks, 'putNewTrack').mockRejectedValueOnce(new Error('Throughput exceeded'));
      vi.spyOn(media, 'headObject').mockResolvedValueOnce({ size: 1000, contentType: 'audio/wav' } as never);
      await expect(register('Throttled')).rejects.toThrow('Throughput exceeded');
      const { GetObjectTaggingCommand } = await import('@aws-sdk/client-s3');
      const { s3 } = await import('../../functions/lib/aws/s3.js');
      const { UNCLAIMED_UPLOAD_TAG } = await import('../../shared/constants.js');
      const tags = await s3().send(
        new GetObjectTaggingCommand({ Bucket: stack.mediaBucket, Key: (result as { audioKey: string }).audioKey }),
      );
      expect(tags.TagSet).toEqual([{ Key: UNCLAIMED_UPLOAD_TAG.key, Value: UNCLAIMED_UPLOAD_TAG.value }]);
    },
    TEST_MS,
  );
});
