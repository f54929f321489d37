/**
 * The technical report as a track keeps it: the short-term loudness per second packed one byte a second
 * (0.5 LU steps from -70 LUFS), so a 4-hour track's lane is 14 KB on its item rather than a list of 14,400
 * numbers; the API gives it back as numbers.
 */
import type { ReportSummaryView, StoredReport, TechnicalReportView } from '../../shared/schemas/technical-report.js';
import type { TechnicalReport } from './audio/loudness.js';
import type { Finding } from '../../shared/findings.js';

const FLOOR = -70;
const STEPS_PER_LU = 2;

/** The report with what analysis found in the same decode (null: not asked for). */
export function packReport({ shortTermLufs, ...rest }: TechnicalReport, findings: Finding[] | null): StoredReport {
  const bytes = Uint8Array.from(shortTermLufs, (v) => Math.max(0, Math.min(255, Math.round((v - FLOOR) * STEPS_PER_LU))));
  return { ...rest, shortTerm: Buffer.from(bytes).toString('base64'), ...(findings ? { findings } : {}) };
}

/** The report without its lane and its findings, as lists carry it. */
export function reportSummary({ shortTerm: _lane, findings: _findings, ...rest }: StoredReport): ReportSummaryView {
  return rest;
}

export function unpackReport({ shortTerm, ...rest }: StoredReport): TechnicalReportView {
  return { ...rest, shortTermLufs: Array.from(Buffer.from(shortTerm, 'base64'), (b) => b / STEPS_PER_LU + FLOOR) };
}
