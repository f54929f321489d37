import * as z from 'zod/mini';
import { FINDING_KINDS, FINDING_SEVERITIES } from '../findings.js';

/** What analysis found (shared/findings.ts). */
export const findingView = z.object({
  id: z.string(),
  kind: z.enum(FINDING_KINDS),
  start: z.number(),
  end: z.number(),
  severity: z.enum(FINDING_SEVERITIES),
  value: z.number(),
  after: z.optional(z.string()),
});

/** A place where a profile's decode goes over full scale (seconds into the master; its peak in dBFS). */
export const overRunView = z.object({ start: z.number(), end: z.number(), peakDbfs: z.number() });

/**
 * A codec preview (shared/codec-profiles.ts): the track encoded and decoded as the profile's services stream it,
 * measured. `pending` while it is being made; `not_previewed` for a format with no faithful open encoder, or a
 * track longer than MAX_PREVIEW_SECONDS.
 */
export const codecPreviewView = z.object({
  profile: z.string(),
  label: z.string(),
  heardOn: z.string(),
  /** failed: not made in time after it was asked for (it is asked again an hour after). */
  status: z.enum(['ready', 'pending', 'failed', 'not_previewed']),
  /** Why not, where failed or not previewed. */
  reason: z.optional(z.string()),
  truePeakDbtp: z.optional(z.nullable(z.number())),
  /** Decoded samples beyond 0 dBFS, of every channel. */
  overSamples: z.optional(z.int()),
  /** The loudest runs of overs, in time order (at most STORED_OVER_RUNS), and how many more there are. */
  overRuns: z.optional(z.array(overRunView)),
  moreRuns: z.optional(z.int()),
  /** Its encoding is kept to play (getSignedUrl with `preview`); not for previews made before they were kept. */
  playable: z.optional(z.boolean()),
});
export type CodecPreviewView = z.infer<typeof codecPreviewView>;

/** A preview as its track keeps it: the figures, and the loudest runs as [start, end, peak]. */
export interface StoredPreview {
  truePeakDbtp: number | null;
  overSamples: number;
  runs: [number, number, number][];
  moreRuns: number;
  /** The encoding is kept beside the track's audio (functions/tracks/codec-previews.ts previewFile). */
  playable?: true;
}

/**
 * A track's technical report, measured from its samples when it was processed: loudness per ITU-R BS.1770-4
 * (LUFS), its range per EBU Tech 3342 (LU), true peak (dBTP, 4x oversampled) and sample peak (dBFS; null for
 * silence), samples clipped (in runs at full scale), DC offset (a fraction of full scale), the correlation of
 * the first two channels (null for mono), and the short-term loudness at each second (LUFS, 0.5 LU steps).
 */
export const technicalReport = z.object({
  integratedLufs: z.number(),
  loudnessRange: z.number(),
  truePeakDbtp: z.nullable(z.number()),
  samplePeakDbfs: z.nullable(z.number()),
  clippedSamples: z.int(),
  dcOffset: z.number(),
  stereoCorrelation: z.nullable(z.number()),
  shortTermLufs: z.array(z.number()),
  /** What analysis found, in time order; absent for tracks measured before analysis. */
  findings: z.optional(z.array(findingView)),
  /** How it comes out of each streaming service's encoder (the whole report only, not lists). */
  previews: z.optional(z.array(codecPreviewView)),
});
export type TechnicalReportView = z.infer<typeof technicalReport>;

/**
 * The report without its lane, as lists carry it (the track list, requests): what a list weighs must not grow
 * with the tracks' durations. The whole report, lane included, is `GET /tracks/report`.
 */
export const reportSummary = z.omit(technicalReport, { shortTermLufs: true, findings: true, previews: true });
export type ReportSummaryView = z.infer<typeof reportSummary>;

/** What reviewers did with each detector's findings: its dismiss rate tells whether it is to be trusted. */
export const findingStatsView = z.object({
  detectors: z.array(
    z.object({
      kind: z.enum(FINDING_KINDS),
      label: z.string(),
      confirmed: z.int(),
      dismissed: z.int(),
      dismissRate: z.nullable(z.number()),
    }),
  ),
});
export type FindingStatsView = z.infer<typeof findingStatsView>;

/** The report as a track keeps it: the short-term loudness packed a byte a second (functions/tracks/stored-report.ts). */
export type StoredReport = Omit<TechnicalReportView, 'shortTermLufs'> & { shortTerm: string };
