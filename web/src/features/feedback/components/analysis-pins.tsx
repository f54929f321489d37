import { useId, useMemo, useState } from 'react';
import { FINDING_TEXT, findingComment, findingMeasured, findingTime } from '@shared/findings';
import type { CommentView, ReviewFindingsView } from '@shared/schemas/shares';
import type { PlayerMarker } from '@/components/audio-player';
import { Button } from '@/components/button';
import { TextAreaField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { useDismissFinding, useReviewFindings } from '@/features/feedback/api/review-findings';
import { BlockTitle } from './block-title';
import '@/features/feedback/analysis-pins.css';
import '@/styles/forms.css';

type ReviewFinding = ReviewFindingsView['findings'][number];
type Confirm = (comment: {
  timestamp: number;
  endTimestamp: number | null;
  text: string;
  tags: string[];
  finding: string;
}) => Promise<unknown>;

/** The colour of a suggested pin on the waveform: not a category's. */
const PIN_COLOUR = '#f97316';

/**
 * The findings still suggested: neither dismissed nor a comment (a comment deleted gives its finding back).
 * `comments` are the request's, as the reviewer's form has them.
 */
export function openFindings(findings: ReviewFinding[] | undefined, comments: CommentView[]): ReviewFinding[] {
  const confirmed = new Set(comments.map((c) => c.finding).filter(Boolean));
  return (findings ?? []).filter((f) => f.status !== 'dismissed' && !confirmed.has(f.id));
}

/** The suggested findings as pins on the waveform. */
export const findingMarkers = (open: ReviewFinding[]): PlayerMarker[] =>
  open.map((f) => ({
    id: `finding-${f.id}`,
    time: f.start,
    ...(f.end - f.start >= 1 ? { end: f.end } : {}),
    label: `Suggested by analysis: ${FINDING_TEXT[f.kind].label}`,
    colour: PIN_COLOUR,
  }));

/** One suggestion: where and what, then confirmed as an editable comment or dismissed. */
function Pin({
  finding,
  onSeek,
  onConfirm,
  shareId,
}: {
  finding: ReviewFinding;
  onSeek: (t: number) => void;
  onConfirm: Confirm;
  shareId: string;
}) {
  const text = FINDING_TEXT[finding.kind];
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dismiss = useDismissFinding(shareId);
  const comment = findingComment(finding);
  const confirm = async () => {
    if (!draft?.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm({ ...comment, text: draft.trim(), finding: finding.id });
    } catch (err) {
      setError(errorMessage(err, 'The comment could not be added'));
    } finally {
      setBusy(false);
    }
  };
  const failed = error ?? (dismiss.isError ? errorMessage(dismiss.error, 'The finding could not be dismissed') : null);
  return (
    <li className="analysis-pin" data-testid="analysis-pin" data-kind={finding.kind} data-finding={finding.id}>
      <div className="analysis-pin-head">
        <button type="button" className="link-button" onClick={() => onSeek(finding.start)} aria-label={`Go to ${findingTime(finding)}`}>
          {findingTime(finding)}
        </button>
        <span>
          <strong>{text.label}</strong>: {findingMeasured(finding)} <span className="muted">({finding.severity})</span>
        </span>
      </div>
      {draft === null ? (
        <div className="button-row">
          <Button variant="secondary" className="btn-sm" onClick={() => setDraft(comment.text)} data-testid="pin-confirm">
            Confirm
          </Button>
          <Button
            variant="ghost"
            className="btn-sm"
            onClick={() => dismiss.mutate(finding.id)}
            busy={dismiss.isPending}
            data-testid="pin-dismiss"
          >
            Dismiss
          </Button>
        </div>
      ) : (
        <form
          className="analysis-pin-edit"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <TextAreaField
            label={`Your comment at ${findingTime(finding)}`}
            rows={3}
            maxLength={2000}
            value={draft}
            onChange={setDraft}
            data-testid="pin-text"
          />
          <div className="button-row">
            <Button type="submit" busy={busy} disabled={!draft.trim()} data-testid="pin-add">
              Add comment
            </Button>
            <Button variant="ghost" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {failed && (
        <p className="field-error" role="alert">
          {failed}
        </p>
      )}
    </li>
  );
}

/**
 * What analysis found in the track, suggested to the reviewer: each confirmed becomes their comment (tagged
 * by kind, marked 'from analysis', edited as they like), or dismissed. The musician sees only what is confirmed.
 */
export function AnalysisPins({
  shareId,
  open,
  loaded,
  onSeek,
  onConfirm,
}: {
  shareId: string;
  open: ReviewFinding[];
  loaded: ReviewFinding[] | undefined;
  onSeek: (t: number) => void;
  onConfirm: Confirm;
}) {
  const heading = useId();
  if (!loaded?.length) return null;
  const dismissed = loaded.filter((f) => f.status === 'dismissed').length;
  const confirmed = loaded.length - open.length - dismissed;
  return (
    <section className="form-block analysis-pins" aria-labelledby={heading} data-testid="analysis-pins">
      <BlockTitle id={heading}>Suggested by analysis</BlockTitle>
      <p className="muted small">
        Measured in the track, not heard: confirm what you hear (it becomes your comment, marked 'from analysis') or dismiss it. The
        musician sees only what you confirm.
      </p>
      {open.length > 0 ? (
        <ul className="analysis-pin-list">
          {open.map((f) => (
            <Pin key={f.id} finding={f} onSeek={onSeek} onConfirm={onConfirm} shareId={shareId} />
          ))}
        </ul>
      ) : (
        <p className="muted small">Every suggestion has been confirmed or dismissed.</p>
      )}
      <p className="muted small" data-testid="analysis-pins-count">
        {confirmed} confirmed, {dismissed} dismissed
      </p>
    </section>
  );
}

/** The reviewer's findings, and which are still suggested given the request's comments. */
export function useAnalysisPins(shareId: string, comments: CommentView[]) {
  const findings = useReviewFindings(shareId);
  const loaded = findings.data?.findings;
  const open = useMemo(() => openFindings(loaded, comments), [loaded, comments]);
  const markers = useMemo(() => findingMarkers(open), [open]);
  return { loaded, open, markers };
}
