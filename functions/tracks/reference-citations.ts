/**
 * The mix and a reference as a comparison reads them (shared/reference-compare.ts), and the lines a request's
 * references offer its reviewer to cite. Apart from ./references.ts, which reaches the media bucket: the
 * comments' route reads these and no more.
 */
import { compareToReference, noteworthy, type Compared } from '../../shared/reference-compare.js';
import type { StoredReport } from '../../shared/schemas/technical-report.js';
import * as references from './data/references.js';
import { unpackReport } from './stored-report.js';

/** What a comparison reads of a measured recording: its stored report's figures (none without one) and its bands. */
export function comparedOf(
  report: Pick<StoredReport, 'integratedLufs' | 'loudnessRange' | 'shortTerm'> | undefined,
  bands: Compared['bands'] | undefined,
): Compared {
  const lane = report ? unpackReport(report as StoredReport).shortTermLufs : [];
  return {
    integratedLufs: report?.integratedLufs ?? null,
    loudestShortTermLufs: lane.length ? Math.max(...lane) : null,
    loudnessRange: report?.loudnessRange ?? null,
    bands: bands ?? null,
  };
}

/** The lines a reviewer may cite of a request's references: each noteworthy difference's (shared/comment-made.ts). */
export async function referenceCitations(shareId: string): Promise<string[]> {
  const { references: held, mix } = await references.readReferences(shareId);
  if (!mix) return [];
  return held.flatMap((r) =>
    r.status === 'ready' && r.report
      ? compareToReference(mix, comparedOf(r.report, r.bands), `reference ${references.shownNumber(r)}`).flatMap((row) =>
          noteworthy(row) && row.citation ? [row.citation] : [],
        )
      : [],
  );
}
