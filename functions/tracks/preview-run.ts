/**
 * One run of a codec preview job (./codec-previews.ts): the track's stored audio decoded once more, to 16-bit
 * PCM on disk (flat memory: the encoder reads it at its own pace), encoded and decoded by the profile's real
 * encoder and decoder (./audio/codec-preview.ts), measured, and kept on the track once, and only if the track
 * still has the audio measured; and the jobs sent, one queue message a profile, when a marker asks for them.
 * Only the processing function does this (it carries the encoders, loaded at the first preview it makes).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StoredPreview } from '../../shared/schemas/technical-report.js';
import * as media from './data/media.js';
import * as previews from './data/previews.js';
import * as tracks from './data/tracks.js';
import { AudioRejected, writePlayableCopy, writtenWavBlocks, writtenWavShape } from './audio.js';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { PREVIEW_PREFIX } from '../../shared/constants.js';
import { missing, previewFile, type PreviewJob } from './codec-previews.js';
import { sqs } from '../lib/aws/sqs.js';
import { config } from '../lib/config.js';
import { downloadStored, freshWorkDir } from './work-dir.js';
import { claimSlot, releaseSlot } from './processing-slots.js';

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
 * A marker asking for a track's previews, put at `askedAt`: the ask is noted on the track, once an hour at most
 * (markers put by reports opened at the same moment make one), its jobs are sent, and the marker goes. The ask
 * is noted as of the marker's time, so that its event delivered again after a send that failed is the same ask,
 * whose jobs are sent again, rather than a repeat within the hour.
 */
export async function previewsAsked(markerKey: string, askedAt: Date): Promise<'sent' | 'ignored'> {
  const track = await tracks.getTrack(markerKey.slice(PREVIEW_PREFIX.length), { consistent: true });
  const ready = track && !track.deletingAt && track.audioKey && (track.status ?? 'ready') === 'ready' && missing(track).length;
  const sent = ready && (await previews.notePreviewsAsked(track.id, track.audioKey, askedAt)) ? await sendPreviewJobs(track) : 0;
  await media.deleteObject(markerKey);
  return sent ? 'sent' : 'ignored';
}

/** The loudest runs of overs kept on the track per profile: pins for a reviewer, not every sample's place. */
export const STORED_OVER_RUNS = 20;
/**
 * Makes one profile's preview of the track's audio and keeps it on the track: 'previewed', or why not (the
 * track changed, went or has it already: 'moved'; its audio cannot be read again: 'unreadable'; its owner's
 * runs hold all of their places: 'deferred', for the caller to put the job back). A preview takes one of its
 * owner's processing places as an upload does (./processing-slots.ts): one account opening many reports waits
 * on its own runs, not everyone's uploads on its encoders.
 */
export async function runPreview(job: PreviewJob): Promise<'previewed' | 'moved' | 'unreadable' | 'deferred'> {
  const track = await tracks.getTrack(job.trackId, { consistent: true });
  if (!track || track.deletingAt || track.audioKey !== job.audioKey) return 'moved';
  if (track.previews?.[job.profile]?.playable) {
    // Made: this is its job again (a message received twice, or a retry after the claim of its file failed, which
    // would leave the file to expire), so the file is claimed again.
    await media.setClaimed(previewFile(job.audioKey, job.profile).key, true);
    return 'moved';
  }
  if (!missing(track).length) return 'moved';
  const place = `preview:${job.trackId}:${job.profile}`;
  if (!(await claimSlot(track.userId, place))) return 'deferred';
  try {
    return await makePreview(job);
  } finally {
    await releaseSlot(track.userId, place);
  }
}

async function makePreview(job: PreviewJob): Promise<'previewed' | 'moved' | 'unreadable'> {
  // The processing run's own folder, emptied at each run: a preview killed part-way (its decoded copy runs to
  // hundreds of MB) leaves nothing behind in a reused container.
  const dir = freshWorkDir();
  try {
    const file = path.join(dir, 'audio');
    if (!(await downloadStored(job.audioKey, file))) return 'moved';
    // Decoded once more, to 16-bit PCM on disk: the encoder then reads it at its own pace, in flat memory.
    const decoded = path.join(dir, 'decoded.wav');
    try {
      await writePlayableCopy(file, decoded);
    } catch (err) {
      if (err instanceof AudioRejected) return 'unreadable';
      throw err;
    }
    const shape = writtenWavShape(decoded);
    const { channels, rate, frames } = shape;
    const { previewCodec, previewFileWriter } = await import('./audio/codec-preview.js');
    // The encoding is kept to play, written as the encoder makes it.
    const encoded = path.join(dir, 'encoded');
    const out = fs.openSync(encoded, 'w');
    let preview: Awaited<ReturnType<typeof previewCodec>>;
    try {
      const writer = previewFileWriter(job.profile, { rate, frames, channels: channels > 1 ? 2 : 1 }, (bytes) => fs.writeSync(out, bytes));
      preview = await previewCodec(job.profile, { rate, frames }, writtenWavBlocks(decoded, shape), writer.piece);
      writer.end();
    } finally {
      fs.closeSync(out);
    }
    const runs = [...preview.overRuns]
      .sort((a, b) => b.peakDbfs - a.peakDbfs)
      .slice(0, STORED_OVER_RUNS)
      .sort((a, b) => a.start - b.start);
    const stored: StoredPreview = {
      truePeakDbtp: preview.truePeakDbtp,
      overSamples: preview.overSamples,
      runs: runs.map((r) => [r.start, r.end, r.peakDbfs]),
      moreRuns: preview.runsLeftOut + preview.overRuns.length - runs.length,
      playable: true,
    };
    // Stored unclaimed first (it expires, as an abandoned upload does, should the track not take it), then
    // claimed once the track has it; a track deleted meanwhile takes neither it nor its figures.
    const kept = previewFile(job.audioKey, job.profile);
    await media.putFile(kept.key, encoded, kept.contentType);
    if (!(await previews.setTrackPreview(job.trackId, job.audioKey, job.profile, stored))) {
      // Not written: the track changed or went, and the file goes; or the preview is there, another run's of the
      // same job (the message received twice) or this very write's, retried after its answer was lost. The file
      // at this key is then the track's, and is kept.
      const now = await tracks.getTrack(job.trackId, { consistent: true });
      if (now && !now.deletingAt && now.audioKey === job.audioKey && now.previews?.[job.profile]?.playable)
        await media.setClaimed(kept.key, true);
      else await media.deleteObject(kept.key);
      return 'moved';
    }
    await media.setClaimed(kept.key, true);
    return 'previewed';
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
