import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReportSummaryView, TechnicalReportView } from '@shared/schemas/technical-report';
import { findingSummary, FINDING_TEXT } from '@shared/findings';
import { streamingAdvice, truePeakWarning } from '@shared/technical-report';
import { Alert } from '@/components/alert';
import { AfterEncoding } from '@/components/after-encoding';
import { api } from '@/lib/api';
import { formatTime } from '@/components/audio-player';
import './technical-report.css';

const LANE_FLOOR = -40;
const LANE_CEILING = 0;

const decibels = (v: number | null, unit: string) => (v === null ? 'silent' : `${v.toFixed(1)} ${unit}`);

function correlationText(c: number | null): string {
  if (c === null) return 'mono';
  const word = c < 0 ? 'out of phase: cancels in mono' : c < 0.3 ? 'wide: check it in mono' : 'mono-safe';
  return `${c.toFixed(2)} (${word})`;
}

/** The short-term loudness per second as a line, -40 LUFS at the bottom, 0 at the top. */
function LoudnessLane({ values }: { values: number[] }) {
  if (values.length < 2) return null;
  const y = (v: number) => (100 * (LANE_CEILING - Math.max(LANE_FLOOR, Math.min(LANE_CEILING, v)))) / (LANE_CEILING - LANE_FLOOR);
  const points = values.map((v, i) => `${((i / (values.length - 1)) * 1000).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const loudest = values.reduce((best, v, i) => (v > values[best] ? i : best), 0);
  return (
    <figure className="loudness-lane">
      <svg
        viewBox="0 0 1000 100"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Short-term loudness over ${formatTime(values.length)}: loudest ${values[loudest].toFixed(1)} LUFS at ${formatTime(loudest + 1)}`}
        data-testid="loudness-lane"
      >
        <line x1="0" x2="1000" y1={y(-14)} y2={y(-14)} className="loudness-lane-target" />
        <polyline points={points} className="loudness-lane-line" />
      </svg>
      <figcaption className="muted small">Short-term loudness, second by second (the dashed line: -14 LUFS)</figcaption>
    </figure>
  );
}

/** What the whole report adds to a list's: the lane, what analysis found and the codec previews. */
type ReportDetails = Pick<TechnicalReportView, 'shortTermLufs' | 'findings' | 'previews'>;

/** The whole report (`GET /tracks/report`: for the owner, or the reviewer of an open request). */
async function loadDetails(trackId: string): Promise<ReportDetails> {
  const { shortTermLufs, findings, previews } = await api('getTrackReport', { trackId });
  return { shortTermLufs, findings, previews };
}

/** While a codec preview is being made, the report asks again this often, for at most five minutes. */
const PREVIEWS_POLL_MS = 4000;
const PREVIEWS_POLLS = 75;

/** What analysis found, each at its time: on every upload, with no reviewer needed. */
function FoundByAnalysis({ findings }: { findings: NonNullable<ReportDetails['findings']> }) {
  const heading = useId();
  return (
    <section className="found-by-analysis" aria-labelledby={heading} data-testid="found-by-analysis">
      <h4 id={heading}>Found by analysis</h4>
      {findings.length === 0 ? (
        <p className="muted small">Nothing: no clipping, overs, dropouts, clicks, jumps, offset or low-end build-up.</p>
      ) : (
        <ul>
          {findings.map((f) => (
            <li key={f.id} data-testid="finding" data-kind={f.kind} title={FINDING_TEXT[f.kind].comment}>
              {findingSummary(f)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The lane and the findings, loaded when the report is first opened (lists carry the report without them). */
function Details({ trackId }: { trackId: string }) {
  const details = useQuery({
    queryKey: ['track-lane', trackId],
    queryFn: () => loadDetails(trackId),
    staleTime: Infinity,
    refetchInterval: (query) =>
      query.state.dataUpdateCount < PREVIEWS_POLLS && query.state.data?.previews?.some((p) => p.status === 'pending')
        ? PREVIEWS_POLL_MS
        : false,
  });
  if (details.isError) return <p className="muted small">The loudness lane could not be loaded.</p>;
  if (!details.data) return <div className="loudness-lane-placeholder" aria-hidden="true" />;
  return (
    <>
      <LoudnessLane values={details.data.shortTermLufs} />
      {details.data.findings && <FoundByAnalysis findings={details.data.findings} />}
      {details.data.previews && <AfterEncoding trackId={trackId} previews={details.data.previews} />}
    </>
  );
}

/**
 * A track measured before reports: asking for its report has it measured (the server answers that it
 * is being measured); the list shows the report once it is there.
 */
function Unmeasured({ trackId, ask }: { trackId: string; ask: () => Promise<unknown> }) {
  const asked = useQuery({ queryKey: ['track-report-ask', trackId], queryFn: ask, retry: false, staleTime: Infinity });
  return (
    <p className="muted small" role="status" data-testid="report-pending">
      {asked.isPending
        ? "Asking for this track's report..."
        : 'This track was measured before technical reports: it is being measured now, and its report appears here in a minute.'}
    </p>
  );
}

/**
 * A track's technical report: its loudness and peaks, what streaming services would do with it, and, loaded
 * when it is first shown, the loudness lane and what analysis found.
 */
export function TechnicalReport({ id, trackId, report }: { id: string; trackId: string; report: ReportSummaryView | null }) {
  if (!report)
    return (
      <section className="feedback-view" id={id} aria-label="Technical report" data-testid="technical-report">
        <Unmeasured trackId={trackId} ask={() => loadDetails(trackId)} />
      </section>
    );
  const warning = truePeakWarning(report.truePeakDbtp);
  const figures: [string, string][] = [
    ['Integrated loudness', `${report.integratedLufs.toFixed(1)} LUFS`],
    ['Loudness range', `${report.loudnessRange.toFixed(1)} LU`],
    ['True peak', decibels(report.truePeakDbtp, 'dBTP')],
    ['Sample peak', decibels(report.samplePeakDbfs, 'dBFS')],
    ['Clipped samples', report.clippedSamples.toLocaleString('en-US')],
    ['DC offset', `${(report.dcOffset * 100).toFixed(2)}%`],
    ['Stereo correlation', correlationText(report.stereoCorrelation)],
  ];
  return (
    <section className="technical-report" id={id} aria-label="Technical report" data-testid="technical-report">
      <dl className="technical-report-figures">
        {figures.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Details trackId={trackId} />
      <ul className="technical-report-streaming" data-testid="streaming-advice">
        {streamingAdvice(report).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {warning && (
        <Alert tone={warning.over ? 'error' : 'info'} title={warning.title}>
          {warning.text}
        </Alert>
      )}
    </section>
  );
}
