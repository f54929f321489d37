/**
 * Codec previews of a ready track (shared/codec-profiles.ts): its audio encoded and decoded again as each
 * streaming service's encoder would, measured (./audio/codec-preview.ts) and kept on the track, one attribute a
 * profile. Each profile is one message on the uploads queue and so one run of the processing function of its
 * own: a long track's six previews run side by side, within the queue's concurrency, never one after another
 * in one run. They are made when the track's report is first opened (a marker under PREVIEW_PREFIX brings the
 * track to processing, which sends the jobs), and asked again at most once an hour while any is missing:
 * encoding costs 1.3 to 2.3 s of CPU a minute of audio for each profile, more than processing itself, and a
 * track whose report nobody opens needs none.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { MAX_PREVIEW_SECONDS, PREVIEW_PREFIX } from '../../shared/constants.js';
import { CODEC_PROFILES, codecProfile, type CodecProfileId } from '../../shared/codec-profiles.js';
import type { CodecPreviewView, StoredPreview } from '../../shared/schemas/technical-report.js';
import * as media from './data/media.js';
import * as previews from './data/previews.js';
import * as tracks from './data/tracks.js';
import { AudioRejected, writePlayableCopy } from './audio.js';
import { previewCodec } from './audio/codec-preview.js';
import { sqs } from '../lib/aws/sqs.js';
import { config } from '../lib/config.js';

/** The loudest runs of overs kept on the track per profile: pins for a reviewer, not every sample's place. */
export const STORED_OVER_RUNS = 20;
/** Frames read from the decoded copy at a time. */
const BLOCK_FRAMES = 16_384;
const WAV_HEADER_BYTES = 44;

/** One profile's preview of one track's audio: a message of its own on the uploads queue. */
export interface PreviewJob {
  trackId: string;
  audioKey: string;
  profile: CodecProfileId;
}

const previewed = CODEC_PROFILES.filter((p) => !('notPreviewed' in p));

/** The preview job in a queue message's body, or null when the body is something else (an S3 notification). */
export function previewJobOf(body: string): PreviewJob | null {
  try {
    const job = (JSON.parse(body) as { preview?: Partial<PreviewJob> }).preview;
    return job && typeof job.trackId === 'string' && typeof job.audioKey === 'string' && previewed.some((p) => p.id === job.profile)
      ? (job as PreviewJob)
      : null;
  } catch {
    return null;
  }
}

/** The profiles `track` has no preview of yet (none for a track too long to preview). */
const missing = (track: Pick<tracks.TrackRecord, 'duration' | 'previews'>) =>
  track.duration > MAX_PREVIEW_SECONDS ? [] : previewed.filter((p) => !track.previews?.[p.id]);

/** Sends a message for each preview the ready track lacks (processing's function: it may send to the queue). */
async function sendPreviewJobs(track: tracks.TrackRecord): Promise<number> {
  const jobs = missing(track).map((p) => ({ trackId: track.id, audioKey: track.audioKey, profile: p.id }));
  if (!jobs.length) return 0;
  await Promise.all(
    jobs.map((job) =>
      sqs().send(new SendMessageCommand({ QueueUrl: config.uploadsQueueUrl, MessageBody: JSON.stringify({ preview: job }) })),
    ),
  );
  return jobs.length;
}

/**
 * Asks processing for the previews a ready track lacks, at most once an hour (the API's functions: a marker
 * under the uploads prefix brings the track to processing, which sends the jobs).
 */
export async function askForPreviews(track: tracks.TrackRecord, now: Date): Promise<void> {
  if (missing(track).length && (await previews.askForPreviews(track.id, track.audioKey, now)))
    await media.putMarker(`${PREVIEW_PREFIX}${track.id}`);
}

/** A marker asking for a track's previews: their jobs are sent, and the marker goes. */
export async function previewsAsked(markerKey: string): Promise<'sent' | 'ignored'> {
  const track = await tracks.getTrack(markerKey.slice(PREVIEW_PREFIX.length), { consistent: true });
  const ready = track && !track.deletingAt && track.audioKey && (track.status ?? 'ready') === 'ready';
  const sent = ready ? await sendPreviewJobs(track) : 0;
  await media.deleteObject(markerKey);
  return sent ? 'sent' : 'ignored';
}

/** What a WAV written by WavWriter holds, from its header: the decoder's first block's shape. */
function wavShape(file: string): { channels: number; rate: number; frames: number } {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, WAV_HEADER_BYTES, 0);
  } finally {
    fs.closeSync(fd);
  }
  const channels = header.readUInt16LE(22);
  return { channels, rate: header.readUInt32LE(24), frames: header.readUInt32LE(40) / (2 * channels) };
}

/** The blocks of planar samples of a 16-bit WAV written by WavWriter, read as they are needed. */
async function* wavBlocks(file: string, channels: number): AsyncGenerator<Float32Array[]> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const bytes = Buffer.alloc(BLOCK_FRAMES * channels * 2);
    for (let at = WAV_HEADER_BYTES; ;) {
      const { bytesRead } = await handle.read(bytes, 0, bytes.length, at);
      const frames = Math.floor(bytesRead / (channels * 2));
      if (frames === 0) return;
      at += frames * channels * 2;
      const block = Array.from({ length: channels }, () => new Float32Array(frames));
      for (let i = 0, p = 0; i < frames; i++) for (let c = 0; c < channels; c++, p += 2) block[c][i] = bytes.readInt16LE(p) / 32767;
      yield block;
    }
  } finally {
    await handle.close();
  }
}

/**
 * Makes one profile's preview of the track's audio and keeps it on the track: 'previewed', or why not (the
 * track changed, went or has it already: 'moved'; its audio cannot be read again: 'unreadable').
 */
export async function runPreview(job: PreviewJob): Promise<'previewed' | 'moved' | 'unreadable'> {
  const track = await tracks.getTrack(job.trackId, { consistent: true });
  if (!track || track.deletingAt || track.audioKey !== job.audioKey || track.previews?.[job.profile] || !missing(track).length)
    return 'moved';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-'));
  try {
    const file = path.join(dir, 'audio');
    try {
      await media.downloadToFile(job.audioKey, file);
    } catch (err) {
      if ((err as Error).name === 'NoSuchKey') return 'moved';
      throw err;
    }
    // Decoded once more, to 16-bit PCM on disk: the encoder then reads it at its own pace, in flat memory.
    const decoded = path.join(dir, 'decoded.wav');
    try {
      await writePlayableCopy(file, decoded);
    } catch (err) {
      if (err instanceof AudioRejected) return 'unreadable';
      throw err;
    }
    const { channels, rate, frames } = wavShape(decoded);
    const preview = await previewCodec(job.profile, { rate, frames }, wavBlocks(decoded, channels));
    const runs = [...preview.overRuns]
      .sort((a, b) => b.peakDbfs - a.peakDbfs)
      .slice(0, STORED_OVER_RUNS)
      .sort((a, b) => a.start - b.start);
    const stored: StoredPreview = {
      truePeakDbtp: preview.truePeakDbtp,
      overSamples: preview.overSamples,
      runs: runs.map((r) => [r.start, r.end, r.peakDbfs]),
      moreRuns: preview.runsLeftOut + preview.overRuns.length - runs.length,
    };
    return (await previews.setTrackPreview(job.trackId, job.audioKey, job.profile, stored)) ? 'previewed' : 'moved';
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Every profile's preview of the track as the report shows it: made, being made, or not made and why. */
export function previewsView(track: Pick<tracks.TrackRecord, 'duration' | 'previews'>): CodecPreviewView[] {
  return CODEC_PROFILES.map((p) => {
    const base = { profile: p.id, label: p.label, heardOn: p.heardOn };
    const notPreviewed = codecProfile(p.id)?.notPreviewed;
    if (notPreviewed) return { ...base, status: 'not_previewed', reason: notPreviewed };
    if (track.duration > MAX_PREVIEW_SECONDS)
      return { ...base, status: 'not_previewed', reason: `Tracks over ${MAX_PREVIEW_SECONDS / 60} minutes are not previewed.` };
    const stored = track.previews?.[p.id];
    if (!stored) return { ...base, status: 'pending' };
    return {
      ...base,
      status: 'ready',
      truePeakDbtp: stored.truePeakDbtp,
      overSamples: stored.overSamples,
      overRuns: stored.runs.map(([start, end, peakDbfs]) => ({ start, end, peakDbfs })),
      moreRuns: stored.moreRuns,
    };
  });
}
