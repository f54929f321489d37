/**
 * Processing a reference track's upload (`uploads/references/<request>/<reference>/<file>`, ./references.ts):
 * the same verification and measure as a track's upload, held to a reference's limits, with the four bands
 * it is compared by measured in the same decode. The mix's bands are measured once per request and version,
 * by the first of its references to need them. The run takes one of its musician's processing places.
 * Safe to run twice: the result is written on condition that the place still holds this upload, unprocessed.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REFERENCES } from '../../shared/constants.js';
import * as media from './data/media.js';
import * as references from './data/references.js';
import * as tracks from './data/tracks.js';
import { analyseAudioFile, AudioRejected } from './audio.js';
import { BandMeter } from './audio/bands.js';
import { claimSlot, releaseSlot } from './processing-slots.js';
import { measureUpload, type ProcessOutcome } from './upload-measure.js';
import { comparedOf } from './reference-citations.js';
import { downloadStored, freshWorkDir } from './work-dir.js';

const LIMITS = {
  bytes: REFERENCES.maxBytes,
  seconds: REFERENCES.maxSeconds,
  tooLarge: 'A reference track must be at most 100 MB.',
  tooLong: 'A reference track must be at most 10 minutes long.',
};

/** The request and reference an upload key names, or null. */
export function parseReferenceKey(key: string): { shareId: string; referenceId: string } | null {
  const m = /^([0-9a-f-]{36})\/([0-9a-f-]{36})\/[^/]+$/.exec(key.slice(REFERENCES.uploadPrefix.length));
  return key.startsWith(REFERENCES.uploadPrefix) && m ? { shareId: m[1], referenceId: m[2] } : null;
}

export async function processReference(uploadKey: string, opts: { share?: boolean } = {}): Promise<ProcessOutcome> {
  const named = parseReferenceKey(uploadKey);
  const held = named ? await references.readReferences(named.shareId) : null;
  const record = held?.references.find((r) => r.id === named!.referenceId && r.uploadKey === uploadKey);
  // Removed since, or its request closed: nothing waits for it.
  if (!record || !held) {
    await media.deleteObject(uploadKey);
    return 'ignored';
  }
  if (record.status === 'ready' || record.status === 'failed') {
    await media.deleteObject(uploadKey);
    return 'duplicate';
  }
  const head = await media.headObject(uploadKey);
  if (!head) return 'ignored';
  // Arrived: its place is no ticket waiting any more, even while the run waits its turn (it is never given to another).
  if (record.status === 'uploading' && !(await references.setReferenceResult(record, { status: 'processing' }))) return 'ignored';
  if (opts.share !== false && !(await claimSlot(record.ownerId, uploadKey))) return 'deferred';
  try {
    const bands = new BandMeter();
    const result = await measureUpload(uploadKey, head.size, {
      // A key of the run's own: a second run of the same upload (an event delivered twice) never deletes the first's audio.
      filename: `${record.id}-${randomUUID()}`,
      keyFor: (name) => `${REFERENCES.audioPrefix}${record.shareId}/${name}`,
      limits: LIMITS,
      analyse: { findings: false },
      sink: bands,
    }).catch((err: unknown) => {
      if ((err as Error).name === 'NoSuchKey') return null;
      throw err;
    });
    if (!result) return 'ignored';
    const mix = result.outcome === 'ready' ? await measureMix(record, held.mix) : null;
    // With the mix as measured, in one write: neither is left in a request whose references went meanwhile.
    const refused = !(await references.setReferenceResult(
      record,
      result.outcome === 'ready'
        ? {
            status: 'ready',
            audioKey: result.audioKey,
            contentType: result.contentType,
            duration: result.duration,
            peaks: result.peaks,
            ...(result.report ? { report: withoutAnalysis(result.report) } : {}),
            bands: bands.result(),
          }
        : { status: 'failed', failureReason: result.reason },
      mix,
    ));
    // Refused: another run's result stands, or this very write committed and its answer was lost (the retry
    // then finds it done). The reference, read again, tells which: its audio is this run's own key or not.
    const written = !refused || (result.outcome === 'ready' && (await namesAudio(record, result.audioKey)));
    if (result.outcome === 'ready') {
      // Written: the audio is the reference's for as long as the request is open; not: another run's stands.
      if (written) await media.setClaimed(result.audioKey, true);
      else await media.deleteObject(result.audioKey);
    }
    await media.deleteObject(uploadKey);
    return written ? result.outcome : 'duplicate';
  } finally {
    await releaseSlot(record.ownerId, uploadKey);
  }
}

async function namesAudio(record: references.ReferenceRecord, audioKey: string): Promise<boolean> {
  const { references: now } = await references.readReferences(record.shareId);
  return now.some((r) => r.id === record.id && r.audioKey === audioKey);
}

function withoutAnalysis<R extends { findings?: unknown; previews?: unknown }>({ findings: _f, previews: _p, ...report }: R) {
  return report;
}

/**
 * The version the request is about, as its references are compared with it: its report's figures and its
 * bands; null when they are measured already for its audio as it is now (and its report, once it has one).
 */
async function measureMix(record: references.ReferenceRecord, mix: references.MixMeasured | null): Promise<references.MixMeasured | null> {
  const track = await tracks.getTrack(record.trackId);
  if (!track?.audioKey || (mix?.audioKey === track.audioKey && (mix.integratedLufs !== null || !track.report))) return null;
  const dir = freshWorkDir();
  try {
    const file = path.join(dir, 'mix');
    if (!(await downloadStored(track.audioKey, file))) return null;
    const bands = new BandMeter();
    try {
      await analyseAudioFile(file, bands, { report: false });
    } catch (err) {
      // Audio an earlier version kept that this one cannot decode: the comparison goes without the bands.
      if (!(err instanceof AudioRejected)) throw err;
      return { audioKey: track.audioKey, ...comparedOf(track.report, null) };
    }
    return { audioKey: track.audioKey, ...comparedOf(track.report, bands.result()) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
