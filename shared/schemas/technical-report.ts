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
});

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
});
export type TechnicalReportView = z.infer<typeof technicalReport>;

/**
 * The report without its lane, as lists carry it (the track list, requests): what a list weighs must not grow
 * with the tracks' durations. The whole report, lane included, is `GET /tracks/report`.
 */
export const reportSummary = z.omit(technicalReport, { shortTermLufs: true, findings: true });
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
