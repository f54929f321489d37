/**
 * Codec previews of a ready track (shared/codec-profiles.ts): its audio encoded and decoded again as each
 * streaming service's encoder would, measured (./audio/codec-preview.ts) and kept on the track, one attribute a
 * profile. Each profile is one message on the uploads queue and so one run of the processing function of its
 * own: a long track's six previews run side by side, within the queue's concurrency and its owner's places, never one after another
 * in one run. They are made when the track's report is first opened (a marker under PREVIEW_PREFIX brings the
 * track to processing, which sends the jobs), and asked again at most once an hour while any is missing:
 * encoding costs 1.3 to 2.3 s of CPU a minute of audio for each profile, more than processing itself, and a
 * track whose report nobody opens needs none. Sending the jobs and the runs themselves, which only the processing
 * function does: ./preview-run.ts.
 */
import { MAX_PREVIEW_SECONDS, PREVIEW_PREFIX, PREVIEWS_ASK_AGAIN_MS } from '../../shared/constants.js';
import { CODEC_PROFILES, codecProfile, type CodecProfileId } from '../../shared/codec-profiles.js';
import type { CodecPreviewView } from '../../shared/schemas/technical-report.js';
import type { Finding } from '../../shared/findings.js';
import * as media from './data/media.js';
import * as tracks from './data/tracks.js';

/** One profile's preview of one track's audio: a message of its own on the uploads queue. */
export interface PreviewJob {
  trackId: string;
  audioKey: string;
  profile: CodecProfileId;
}

const previewed = CODEC_PROFILES.filter((p) => !('notPreviewed' in p));

/** Each previewed format's file as it is kept to play: its name's ending and the type browsers play it by. */
const PREVIEW_FILES: Record<string, { ending: string; contentType: string }> = {
  mp3: { ending: 'mp3', contentType: 'audio/mpeg' },
  vorbis: { ending: 'ogg', contentType: 'audio/ogg' },
  opus: { ending: 'opus', contentType: 'audio/ogg' },
};

/** Where a profile's encoding of the track's audio is kept to play, beside the audio (and gone with it), and its type. */
export function previewFile(audioKey: string, profile: CodecProfileId): { key: string; contentType: string } {
  const file = PREVIEW_FILES[codecProfile(profile)?.format ?? ''];
  if (!file) throw new Error(`No preview is made for ${profile}`);
  return { key: `${audioKey}.preview-${profile}.${file.ending}`, contentType: file.contentType };
}

/** The preview files kept for a track's audio (for its deletion). */
export const previewFileKeys = (track: Pick<tracks.TrackRecord, 'audioKey' | 'previews'>): string[] =>
  previewed.filter((p) => track.previews?.[p.id]?.playable).map((p) => previewFile(track.audioKey, p.id).key);

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

/**
 * The profiles `track` needs a preview run for (none for a track too long to preview): those with no preview yet,
 * and those made before their encodings were kept to play (their figures stand; the run adds the file).
 */
export const missing = (track: Pick<tracks.TrackRecord, 'duration' | 'previews'>) =>
  track.duration > MAX_PREVIEW_SECONDS ? [] : previewed.filter((p) => !track.previews?.[p.id]?.playable);

/**
 * A preview still missing this long after the ask did not come (its runs failed, or its job was never sent): the
 * longest track previewed (MAX_PREVIEW_SECONDS) takes about a minute of encoding, and a queue's retries a few more.
 */
const OVERDUE_MS = 15 * 60_000;

const askedAt = (track: Pick<tracks.TrackRecord, 'previewsAskedAt'>) =>
  track.previewsAskedAt ? Date.parse(track.previewsAskedAt) : -Infinity;

/**
 * Asks processing for the previews a ready track lacks, unless they were asked within the hour as the track
 * reads (the API's functions, which write no table item for it: a marker under the uploads prefix brings the
 * track to processing, which notes the ask on condition that it is not a repeat and sends the jobs). True
 * when it asked.
 */
export async function askForPreviews(track: tracks.TrackRecord, now: Date): Promise<boolean> {
  if (!missing(track).length || now.getTime() - askedAt(track) <= PREVIEWS_ASK_AGAIN_MS) return false;
  await media.putMarker(`${PREVIEW_PREFIX}${track.id}`);
  return true;
}

/**
 * Every profile's preview of the track as the report shows it at `now`: made, being made, not made in time
 * (when it is tried again), or not made and why. `askedNow`: the report's opening just asked for them again.
 */
export function previewsView(
  track: Pick<tracks.TrackRecord, 'duration' | 'previews' | 'previewsAskedAt'>,
  { now, askedNow }: { now: Date; askedNow: boolean },
): CodecPreviewView[] {
  const overdue = !askedNow && !!track.previewsAskedAt && now.getTime() - askedAt(track) > OVERDUE_MS;
  const againInMinutes = Math.max(1, Math.ceil((askedAt(track) + PREVIEWS_ASK_AGAIN_MS - now.getTime()) / 60_000));
  return CODEC_PROFILES.map((p) => {
    const base = { profile: p.id, label: p.label, heardOn: p.heardOn };
    const notPreviewed = codecProfile(p.id)?.notPreviewed;
    if (notPreviewed) return { ...base, status: 'not_previewed', reason: notPreviewed };
    if (track.duration > MAX_PREVIEW_SECONDS)
      return { ...base, status: 'not_previewed', reason: `Tracks over ${MAX_PREVIEW_SECONDS / 60} minutes are not previewed.` };
    const stored = track.previews?.[p.id];
    if (!stored && overdue)
      return { ...base, status: 'failed', reason: `Not made in time. Open this report again in ${againInMinutes} min to try again.` };
    if (!stored) return { ...base, status: 'pending' };
    return {
      ...base,
      status: 'ready',
      truePeakDbtp: stored.truePeakDbtp,
      overSamples: stored.overSamples,
      overRuns: stored.runs.map(([start, end, peakDbfs]) => ({ start, end, peakDbfs })),
      moreRuns: stored.moreRuns,
      playable: !!stored.playable,
    };
  });
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** Runs of overs of different encoders closer than this (seconds) are one place. */
const SAME_PLACE_SECONDS = 0.5;
/** The places suggested to a reviewer at most, the furthest over first. */
const MAX_PLACES = 10;

/**
 * Where the encoders' decodes go over full scale, as findings a reviewer can pin: each place where any
 * profile's runs fall (within SAME_PLACE_SECONDS of each other), at its furthest over and after the encoder
 * that goes furthest there. Only once every preview is made, so that a place and its id ('codecOver-12345',
 * its start in milliseconds) never change under a comment made from it: the previews are written once.
 */
export function codecOverFindings(track: Pick<tracks.TrackRecord, 'duration' | 'previews'>): Finding[] {
  if (!previewed.every((p) => track.previews?.[p.id])) return [];
  const runs = previewed
    .flatMap((p) => (track.previews?.[p.id]?.runs ?? []).map(([start, end, peak]) => ({ start, end, peak, after: p.label })))
    .sort((a, b) => a.start - b.start);
  const places: typeof runs = [];
  for (const run of runs) {
    const last = places.at(-1);
    if (last && run.start <= last.end + SAME_PLACE_SECONDS) {
      last.end = Math.max(last.end, run.end);
      if (run.peak > last.peak) [last.peak, last.after] = [run.peak, run.after];
    } else places.push({ ...run });
  }
  return places
    .sort((a, b) => b.peak - a.peak)
    .slice(0, MAX_PLACES)
    .sort((a, b) => a.start - b.start)
    .map((p) => ({
      id: `codecOver-${Math.round(p.start * 1000)}`,
      kind: 'codecOver' as const,
      start: round(p.start),
      end: round(p.end),
      // As the detectors' inter-sample overs are graded (functions/tracks/audio/finding-rules.ts).
      severity: p.peak >= 1 ? 'high' : p.peak >= 0.3 ? 'medium' : 'low',
      value: Math.round(p.peak * 100) / 100,
      after: p.after,
    }));
}
