/**
 * Codec previews through the local stack: opening a track's report asks for them; processing sends one job a
 * profile, each run on its own by the processing function's worker; the report then shows how the master
 * comes out of each streaming encoder. A loud master, clean as a WAV, goes over full scale after the lossy
 * encoders.
 */
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { callerOn, flows, useStackEnvironment, type TestUser } from '../support/stack-kit.js';
import { pcmWav } from '../../scripts/seed/demo-audio.js';
import { runPreview } from '../../functions/tracks/index.js';
import { getTrack } from '../../functions/tracks/data/index.js';
import { notePreviewsAsked, setTrackPreview } from '../../functions/tracks/data/previews.js';
import { previewsAsked } from '../../functions/tracks/preview-run.js';
import { sqs } from '../../functions/lib/aws/sqs.js';
import { PREVIEW_PREFIX } from '../../shared/constants.js';
import { ENV } from '../../functions/lib/config.js';
import { GetObjectTaggingCommand } from '@aws-sdk/client-s3';
import { s3 } from '../../functions/lib/aws/s3.js';
import { setClaimed } from '../../functions/tracks/data/media.js';
import { claimSlot, releaseSlot } from '../../functions/tracks/processing-slots.js';
import { getSlots } from '../../functions/tracks/data/processing-slots.js';

const stack = inject('stack');
const call = callerOn(stack);
const RATE = 44_100;
const SECONDS = 4;

/**
 * A master limited hard against full scale (its samples at most 0.999) in two bursts, 0.5-1.2 s and 2.5-3.2 s: a
 * bass, a lead and noise, pushed 4 dB; 12 dB down elsewhere.
 */
function loudMaster(): Buffer {
  let seed = 11;
  const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const samples = new Int16Array(RATE * SECONDS);
  for (let i = 0; i < samples.length; i++) {
    const t = i / RATE;
    const mix = 0.5 * Math.sin(2 * Math.PI * 60 * t) + 0.3 * Math.sin(2 * Math.PI * 440 * t) + 0.25 * noise();
    const burst = (t >= 0.5 && t < 1.2) || (t >= 2.5 && t < 3.2);
    samples[i] = Math.round(Math.max(-0.999, Math.min(0.999, (burst ? 1.6 : 0.4) * mix)) * 32767);
  }
  return pcmWav(samples, RATE, 2);
}

/** A second of a quiet tone: nothing an encoder pushes over. */
function tone(): Buffer {
  const samples = new Int16Array(RATE * 2);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * Math.floor(i / 2)) / RATE));
  return pcmWav(samples, RATE, 2);
}

interface Preview {
  profile: string;
  status: string;
  reason?: string;
  truePeakDbtp?: number;
  overSamples?: number;
  overRuns?: { start: number; end: number; peakDbfs: number }[];
  playable?: boolean;
}

let musician: TestUser;
let stranger: TestUser;
let trackId: string;

beforeAll(async () => {
  useStackEnvironment(stack);
  musician = (await flows.onboardedUser(stack, 'musician', { fullName: 'Lou Loud' })).user;
  stranger = (await flows.onboardedUser(stack, 'musician')).user;
  const track = await flows.registerUpload(stack, musician, loudMaster(), 'Loud master.wav', 'Loud master');
  expect(track.status).toBe('ready');
  trackId = track.id;
});

describe('codec previews', () => {
  it('are asked for when the report is first opened, and show every profile, AAC said not previewed', async () => {
    const first = await call(musician, 'getTrackReport', { trackId });
    expect(first.status).toBe(200);
    const previews: Preview[] = first.body.previews;
    expect(previews.map((p) => p.profile)).toEqual(['vorbis-320', 'vorbis-160', 'vorbis-96', 'mp3-320', 'mp3-128', 'opus-160', 'aac-256']);
    expect(previews.find((p) => p.profile === 'aac-256')).toMatchObject({ status: 'not_previewed', reason: expect.stringMatching(/AAC/) });
    // As a WAV the master never reaches full scale: no clipped sample in its own report.
    expect(first.body.clippedSamples).toBe(0);
  });

  it('are made, each in its own run, and show the overs the encoders add', async () => {
    let previews: Preview[] = [];
    for (let tries = 0; tries < 120; tries++) {
      previews = (await call(musician, 'getTrackReport', { trackId })).body.previews;
      if (!previews.some((p) => p.status === 'pending')) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const made = previews.filter((p) => p.status === 'ready');
    expect(made.map((p) => p.profile)).toEqual(['vorbis-320', 'vorbis-160', 'vorbis-96', 'mp3-320', 'mp3-128', 'opus-160']);
    for (const p of made) {
      expect(p.truePeakDbtp).toBeGreaterThan(-1);
      expect(p.playable).toBe(true);
      for (const run of p.overRuns ?? []) {
        expect(run.start).toBeGreaterThanOrEqual(0);
        expect(run.end).toBeLessThanOrEqual(SECONDS);
        expect(run.peakDbfs).toBeGreaterThan(0);
      }
    }
    const mp3 = made.find((p) => p.profile === 'mp3-128')!;
    expect(mp3.overSamples).toBeGreaterThan(0);
    expect(mp3.overRuns!.length).toBeGreaterThan(0);
    expect(mp3.truePeakDbtp).toBeGreaterThan(0);
  }, 150_000);

  it('are kept to play, each as the file its format is, by a short-lived link for whoever may listen to the track', async () => {
    const starts: Record<string, string> = {};
    for (const profile of ['vorbis-320', 'vorbis-160', 'vorbis-96', 'mp3-320', 'mp3-128', 'opus-160']) {
      const link = await call(musician, 'getSignedUrl', { trackId, preview: profile });
      expect(link.status).toBe(200);
      expect(link.body.expiresIn).toBeLessThanOrEqual(3600);
      const file = await fetch(link.body.signedUrl);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(profile.startsWith('mp3') ? 'audio/mpeg' : 'audio/ogg');
      const bytes = Buffer.from(await file.arrayBuffer());
      starts[profile] = bytes.subarray(0, 4).toString('latin1');
      // About a rate's worth of bytes for the four seconds (Vorbis's quality setting only aims at its rate).
      const kbps = Number(profile.split('-')[1]);
      expect(bytes.length).toBeGreaterThan((kbps * 1000 * SECONDS) / 8 / 3);
      expect(bytes.length).toBeLessThan(((kbps * 1000 * SECONDS) / 8) * 2);
    }
    expect(Object.values(starts).filter((s) => s === 'OggS')).toHaveLength(4);
    // What is not previewed, or not a profile, is not asked for; nor is any of it by someone else.
    for (const preview of ['aac-256', 'wav']) expect((await call(musician, 'getSignedUrl', { trackId, preview })).status).toBe(400);
    expect([403, 404]).toContain((await call(stranger, 'getSignedUrl', { trackId, preview: 'mp3-128' })).status);
  });

  it('are asked for once an hour, the same ask twice (a lost answer retried) still one ask', async () => {
    const track = (await getTrack(trackId, { consistent: true }))!;
    const now = new Date(Date.parse(track.previewsAskedAt!) + 3_600_001);
    expect(await notePreviewsAsked(trackId, track.audioKey, now)).toBe(true);
    expect(await notePreviewsAsked(trackId, track.audioKey, now)).toBe(true);
    expect(await notePreviewsAsked(trackId, track.audioKey, new Date(now.getTime() + 1000))).toBe(false);
    expect(await notePreviewsAsked(trackId, `${track.audioKey}.old`, new Date(now.getTime() + 3_600_001))).toBe(false);
  });

  it('are written once, and only for the audio they measured; their files claimed again by a job that comes again', async () => {
    const track = (await getTrack(trackId, { consistent: true }))!;
    const kept = track.previews!['mp3-320'];
    // As a claim that failed after the preview was written leaves its file: due to expire.
    const file = `${track.audioKey}.preview-mp3-320.mp3`;
    const tags = async () => (await s3().send(new GetObjectTaggingCommand({ Bucket: stack.mediaBucket, Key: file }))).TagSet ?? [];
    expect(await tags()).toEqual([]);
    await setClaimed(file, false);
    expect(await tags()).toEqual([{ Key: 'upload', Value: 'unclaimed' }]);
    // Another run of the same job (a message received twice), or one for audio the track no longer has.
    expect(await runPreview({ trackId, audioKey: track.audioKey, profile: 'mp3-320' })).toBe('moved');
    expect(await runPreview({ trackId, audioKey: `${track.audioKey}.old`, profile: 'mp3-320' })).toBe('moved');
    expect((await getTrack(trackId, { consistent: true }))!.previews!['mp3-320']).toEqual(kept);
    expect(await tags()).toEqual([]);
  });

  it("are suggested to a request's reviewer where the encoders go over, to confirm as a comment or dismiss", async () => {
    const peer = await flows.onboardedUser(stack, 'pro', { fullName: 'Otto Overs' });
    const shareId = (
      await flows.requestFeedback(stack, musician, peer.id, trackId, { feedbackNotes: 'Loud enough?', context: 'mix_check' })
    ).body.id;
    await flows.respondToShare(stack, peer.user, shareId, 'accepted');
    expect((await call(peer.user, 'getSignedUrl', { trackId, preview: 'opus-160' })).status).toBe(200);
    const listed = await call(peer.user, 'listReviewFindings', { id: shareId });
    expect(listed.status).toBe(200);
    const overs = listed.body.findings.filter((f: { kind: string }) => f.kind === 'codecOver');
    // The two bursts: each a place of its own, whatever encoders go over there.
    expect(overs).toHaveLength(2);
    const [a, b] = overs as { start: number; end: number }[];
    // An encoder's pre-echo may reach a few milliseconds before a burst.
    expect([a.start > 0.45 && a.end < 1.25, b.start > 2.45 && b.end < 3.25]).toEqual([true, true]);
    for (const f of overs) {
      expect(f).toMatchObject({ status: 'open', id: `codecOver-${Math.round(f.start * 1000)}`, after: expect.any(String) });
      expect(f.value).toBeGreaterThan(0);
    }
    const [first, second] = overs;
    const input = { id: shareId, timestamp: Math.floor(first.start), text: 'This clips after the encoders.', tags: ['#Mastering'] };
    const comment = await call(peer.user, 'addComment', { ...input, finding: first.id });
    expect(comment.status).toBe(200);
    expect(comment.body).toMatchObject({ made: { how: 'analysis' }, finding: first.id });
    const dismissed = await call(peer.user, 'dismissFinding', { id: shareId, findingId: second.id });
    expect(dismissed.status).toBe(200);
    const after = dismissed.body.findings.filter((f: { kind: string }) => f.kind === 'codecOver');
    expect(after.find((f: { id: string }) => f.id === first.id)).toMatchObject({ status: 'confirmed', commentId: comment.body.id });
    expect(after.find((f: { id: string }) => f.id === second.id)).toMatchObject({ status: 'dismissed' });
    // Nobody else works with them.
    expect((await call(musician, 'listReviewFindings', { id: shareId })).status).toBe(403);
  });

  it("are sent again when sending failed after the ask was noted: the marker's event, delivered again, is the same ask", async () => {
    const track = await flows.registerUpload(stack, musician, tone(), 'Sent again.wav', 'Sent again');
    const marker = `${PREVIEW_PREFIX}${track.id}`;
    const putAt = new Date();
    // The processing function's queue, answering after a first send that fails (the profiles' sends start together).
    vi.stubEnv(ENV.uploadsQueueUrl, 'https://sqs.us-east-1.amazonaws.com/000000000000/uploads');
    const send = vi
      .spyOn(sqs(), 'send')
      .mockResolvedValue({} as never)
      .mockRejectedValueOnce(new Error('SQS is unavailable'));
    try {
      await expect(previewsAsked(marker, putAt)).rejects.toThrow('SQS is unavailable');
      expect((await getTrack(track.id, { consistent: true }))!.previewsAskedAt).toBe(putAt.toISOString());
      send.mockClear();
      expect(await previewsAsked(marker, putAt)).toBe('sent');
      const jobs = send.mock.calls.map(([command]) => JSON.parse((command.input as { MessageBody: string }).MessageBody).preview.profile);
      expect(jobs.sort()).toEqual(['mp3-128', 'mp3-320', 'opus-160', 'vorbis-160', 'vorbis-320', 'vorbis-96']);
      // Another marker within the hour (another opening of the report) is not.
      expect(await previewsAsked(marker, new Date(putAt.getTime() + 1000))).toBe('ignored');
    } finally {
      send.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it('not made in time (their runs failed, or their jobs were never sent) say when they are tried again, and are then', async () => {
    const [stuck, overAnHour] = await Promise.all(
      ['Stuck', 'Stuck an hour'].map((title) => flows.registerUpload(stack, musician, tone(), `${title}.wav`, title)),
    );
    const audioKeyOf = async (id: string) => (await getTrack(id, { consistent: true }))!.audioKey;
    // Asks noted 20 and 61 minutes ago whose jobs never ran.
    expect(await notePreviewsAsked(stuck.id, await audioKeyOf(stuck.id), new Date(Date.now() - 20 * 60_000))).toBe(true);
    expect(await notePreviewsAsked(overAnHour.id, await audioKeyOf(overAnHour.id), new Date(Date.now() - 61 * 60_000))).toBe(true);

    const failed: Preview[] = (await call(musician, 'getTrackReport', { trackId: stuck.id })).body.previews;
    expect(failed.filter((p) => p.status === 'failed')).toHaveLength(6);
    expect(failed[0].reason).toBe('Not made in time. Open this report again in 40 min to try again.');

    const asked: Preview[] = (await call(musician, 'getTrackReport', { trackId: overAnHour.id })).body.previews;
    expect(asked.filter((p) => p.status === 'pending')).toHaveLength(6);
    await expect
      .poll(
        async () => ((await call(musician, 'getTrackReport', { trackId: overAnHour.id })).body.previews as Preview[]).map((p) => p.status),
        {
          timeout: 60_000,
          interval: 1000,
        },
      )
      .toEqual(['ready', 'ready', 'ready', 'ready', 'ready', 'ready', 'not_previewed']);
    // A preview not made yet has nothing to play; the files go with the track.
    expect((await call(musician, 'getSignedUrl', { trackId: stuck.id, preview: 'mp3-128' })).status).toBe(404);
    const links = await Promise.all(
      ['mp3-128', 'vorbis-96', 'opus-160'].map(
        async (preview) => (await call(musician, 'getSignedUrl', { trackId: overAnHour.id, preview })).body.signedUrl as string,
      ),
    );
    expect((await Promise.all(links.map((l) => fetch(l)))).map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await call(musician, 'deleteTracks', { ids: [overAnHour.id] })).body).toMatchObject({ deleted: [overAnHour.id] });
    expect((await Promise.all(links.map((l) => fetch(l)))).map((r) => r.status)).toEqual([404, 404, 404]);
  }, 90_000);

  it('made before their encodings were kept are made again when the report is opened, to be heard', async () => {
    const track = await flows.registerUpload(stack, musician, tone(), 'Made before.wav', 'Made before');
    const { audioKey } = (await getTrack(track.id, { consistent: true }))!;
    const before = { truePeakDbtp: 5, overSamples: 0, runs: [], moreRuns: 0 };
    for (const profile of ['vorbis-320', 'vorbis-160', 'vorbis-96', 'mp3-320', 'mp3-128', 'opus-160'])
      expect(await setTrackPreview(track.id, audioKey, profile, before)).toBe(true);
    const shown: Preview[] = (await call(musician, 'getTrackReport', { trackId: track.id })).body.previews;
    expect(shown.filter((p) => p.status === 'ready' && p.truePeakDbtp === 5 && !p.playable)).toHaveLength(6);
    await expect
      .poll(
        async () =>
          ((await getTrack(track.id, { consistent: true }))!.previews ?? {}) as Record<
            string,
            { playable?: boolean; truePeakDbtp: number }
          >,
        { timeout: 60_000, interval: 1000 },
      )
      .toSatisfy((made: Record<string, { playable?: boolean; truePeakDbtp: number }>) =>
        Object.values(made).every((p) => p.playable && p.truePeakDbtp < 0),
      );
    // Written once more, and then once only.
    const kept = (await getTrack(track.id, { consistent: true }))!.previews!['mp3-128'];
    expect(await setTrackPreview(track.id, audioKey, 'mp3-128', before)).toBe(false);
    expect((await getTrack(track.id, { consistent: true }))!.previews!['mp3-128']).toEqual(kept);
  }, 90_000);

  it("take one of their owner's processing places, as uploads do, and wait while the owner's runs hold them all", async () => {
    const owner = (await flows.onboardedUser(stack, 'musician', { fullName: 'Paula Places' })).user;
    const track = await flows.registerUpload(stack, owner, tone(), 'Places.wav', 'Places');
    const { audioKey, userId } = (await getTrack(track.id, { consistent: true }))!;
    // The upload's own run gives its place back just after the track reads as ready.
    await expect.poll(async () => Object.keys((await getSlots(userId))?.runs ?? {}), { timeout: 10_000 }).toEqual([]);
    const held = ['upload-a', 'upload-b', 'upload-c'];
    for (const run of held) expect(await claimSlot(userId, run)).toBe(true);
    const job = { trackId: track.id, audioKey, profile: 'mp3-128' as const };
    expect(await runPreview(job)).toBe('deferred');
    await releaseSlot(userId, 'upload-a');
    expect(await runPreview(job)).toBe('previewed');
    // Its place is given back: the two runs still going hold theirs, and a third may start.
    expect(Object.keys((await getSlots(userId))?.runs ?? {}).sort()).toEqual(['upload-b', 'upload-c']);
    for (const run of held.slice(1)) await releaseSlot(userId, run);
  });

  it('keep their file when the write of the preview committed but its answer was lost', async () => {
    const track = await flows.registerUpload(stack, musician, tone(), 'Lost answer.wav', 'Lost answer');
    const { audioKey } = (await getTrack(track.id, { consistent: true }))!;
    const data = await import('../../functions/tracks/data/previews.js');
    const write = data.setTrackPreview;
    // The write takes effect; the retry of it, its answer lost, finds it there and is refused.
    const lost = vi.spyOn(data, 'setTrackPreview').mockImplementationOnce(async (...args) => (await write(...args), false));
    try {
      expect(await runPreview({ trackId: track.id, audioKey, profile: 'vorbis-96' })).toBe('moved');
    } finally {
      lost.mockRestore();
    }
    expect((await getTrack(track.id, { consistent: true }))!.previews!['vorbis-96'].playable).toBe(true);
    const link = await call(musician, 'getSignedUrl', { trackId: track.id, preview: 'vorbis-96' });
    expect((await fetch(link.body.signedUrl)).status).toBe(200);
  });

  it("are no one else's to read", async () => {
    const other = await call(stranger, 'getTrackReport', { trackId });
    expect([403, 404]).toContain(other.status);
  });
});
