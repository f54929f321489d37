import { useMemo, useRef, useState } from 'react';
import { criteriaAsked } from '@shared/feedback';
import { decodeHeard, reviewChecklist, unexplainedPoints } from '@shared/review';
import type { ShareDetail } from '@shared/schemas/shares';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { TextAreaField } from '@/components/text-field';
import { useToast } from '@/components/toast';
import { errorMessage } from '@/lib/errors';
import { useAddComment, useSubmitFeedback } from '@/features/feedback/api/share-actions';
import { useDraftAutosave, useNoteDraft } from '@/features/feedback/hooks/use-draft-autosave';
import { useListening } from '@/features/feedback/hooks/use-listening';
import { useShareTimeline } from '@/features/feedback/hooks/use-share-timeline';
import { useStickyPlayer } from '@/features/feedback/hooks/use-sticky-player';
import type { Criteria } from '@/features/feedback/utils/ratings';
import type { Viewer } from '@/features/feedback/utils/share';
import { CommentComposer, commentPlaceholder } from './comment-composer';
import { CommentList } from './comment-list';
import { CoverageStrip } from './coverage-strip';
import { CriteriaRatings } from './criteria';
import { ReviewChecklist } from './review-checklist';
import { RecheckChecklist } from './recheck-checklist';
import { RangePicker } from './range-picker';
import { TimelinePlayer } from './timeline-player';
import { BlockTitle } from './block-title';
import { AnalysisPins, useAnalysisPins } from './analysis-pins';

const SAVE_STATUS = { saving: 'Saving...', saved: 'Saved', failed: 'Not saved yet: retrying with your next change' } as const;

/**
 * The review's submission, sent once however often it is confirmed (a double click: the mutation shows as
 * pending only after a render). `onSent` once the server has it.
 */
function useSubmitOnce(shareId: string, onSent: () => void) {
  const submit = useSubmitFeedback(shareId);
  const sending = useRef(false);
  const sendOnce = (input: Parameters<typeof submit.mutate>[0]) => {
    if (sending.current) return;
    sending.current = true;
    submit.mutate(input, { onSuccess: onSent, onSettled: () => void (sending.current = false) });
  };
  return { submit, sendOnce };
}

/**
 * The reviewer's form: the player with a marker per comment and what has been heard beneath it, the
 * comment box, the comments, the criteria stars and the general comment. All of it is the reviewer's
 * alone until Submit, saved as they work (a reload or another device finds it). The checklist is the
 * server's own rule, ticked off as they listen and write; Submit, confirmed since it is final, waits for it.
 */
export function ReviewerForm({ detail, viewer }: { detail: ShareDetail; viewer: Viewer }) {
  const { share, comments } = detail;
  const timeline = useShareTimeline(share, comments, detail.checklist);
  const listening = useListening(share, detail.listening, timeline.player);
  const add = useAddComment(share.id);
  const pins = useAnalysisPins(share.id, comments);
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const { submit, sendOnce } = useSubmitOnce(share.id, () => {
    setConfirming(false);
    toast(`Feedback sent to ${share.sharedByName}.`);
  });
  const [criteria, setCriteria] = useState<Criteria>(() => (detail.draft?.criteria as Criteria | undefined) ?? {});
  const [general, setGeneral] = useState(() => detail.draft?.comment ?? '');
  const note = useNoteDraft(detail.draft);
  const saveStatus = useDraftAutosave(share.id, { criteria, comment: general, ...note.draft }, !submit.isPending && !submit.isSuccess);

  const own = useMemo(() => comments.filter((c) => c.userId === viewer.id), [comments, viewer.id]);
  const heard = listening.view;
  // What the request asks, and of it what the reviewer marks as not applying to the track.
  const [notApplicable, setNotApplicable] = useState<string[]>([]);
  const requested = useMemo(() => criteriaAsked(share.shareOptions), [share.shareOptions]);
  const asked = useMemo(() => criteriaAsked(share.shareOptions, notApplicable), [share.shareOptions, notApplicable]);
  const floor = useMemo(
    () =>
      reviewChecklist({
        paid: Boolean(share.paid),
        duration: share.trackDuration,
        criteria,
        comments: own,
        general,
        heard: heard ? decodeHeard(heard.heard, share.trackDuration) : null,
        asked,
        // A re-check as the server tells one (its record names the review it re-checks), checklist or none.
        ...(share.recheckOf ? { recheck: { unexplained: unexplainedPoints(detail.checklist ?? []) } } : {}),
      }),
    [share.paid, share.trackDuration, share.recheckOf, criteria, own, general, heard, asked, detail.checklist],
  );
  // A re-check waits for every point of the previous review to be marked (the server's rule too).
  const unmarked = detail.checklist?.filter((i) => !i.mark).length ?? 0;
  const checklist = detail.checklist?.length
    ? [...floor, { key: 'recheck', label: 'Mark every point of the previous review', done: unmarked === 0 }]
    : floor;
  const ready = checklist.every((i) => i.done);
  const canSubmit = !submit.isPending && ready;

  const formRef = useStickyPlayer<HTMLDivElement>();
  const send = () => {
    if (!canSubmit) return;
    const comment = general.trim();
    sendOnce({
      criteria: criteria as Record<string, number>,
      ...(notApplicable.length ? { notApplicable: notApplicable as 'vocalsLyrics'[] } : {}),
      ...(comment ? { comment } : {}),
    });
  };

  return (
    <div className="reviewer-form" data-testid="reviewer-form" ref={formRef}>
      <div className="reviewer-deck">
        <TimelinePlayer
          timeline={timeline}
          moreMarkers={pins.markers}
          loadUrl={listening.loadUrl}
          onPlayingChange={listening.onPlayingChange}
          onTimeChange={listening.onTimeChange}
        >
          <RangePicker duration={share.trackDuration} range={timeline.range} onRange={timeline.setRange} />
          {heard && <CoverageStrip listening={heard} duration={share.trackDuration} />}
        </TimelinePlayer>
      </div>
      {detail.checklist && <RecheckChecklist share={share} items={detail.checklist} isReviewer onSeek={timeline.seek} />}
      <AnalysisPins shareId={share.id} open={pins.open} loaded={pins.loaded} onSeek={timeline.seek} onConfirm={(c) => add.mutateAsync(c)} />

      <section className="form-block">
        <BlockTitle>Timestamped comments</BlockTitle>
        <p className="muted small">Only you see your comments, scores and general comment until you submit.</p>
        <CommentComposer
          mode="new"
          initial={note.initial}
          getPlayhead={timeline.getPlayhead}
          duration={share.trackDuration}
          placeholder={commentPlaceholder(viewer.type, false)}
          suggestFor={share.id}
          allowTemplates={viewer.type === 'pro'}
          range={timeline.range}
          onSubmit={async (draft) => {
            await add.mutateAsync(draft);
            timeline.setRange(null);
          }}
          onDraftChange={note.set}
        />
        <CommentList share={share} comments={comments} viewerId={viewer.id} activeIds={timeline.activeIds} onSeek={timeline.seek} />
      </section>

      <section className="form-block">
        <BlockTitle>Ratings</BlockTitle>
        <CriteriaRatings
          value={criteria}
          onChange={setCriteria}
          disabled={submit.isPending}
          asked={requested}
          notApplicable={notApplicable}
          onNotApplicable={setNotApplicable}
        />
        <TextAreaField
          label="General comment"
          rows={4}
          maxLength={5000}
          value={general}
          onChange={setGeneral}
          placeholder="Sum up: the track's strengths, and the few changes that would matter most."
          disabled={submit.isPending}
          data-testid="general-comment"
        />
        <ReviewChecklist items={checklist} />
        <div className="button-row">
          <Button onClick={() => setConfirming(true)} disabled={!canSubmit} data-testid="feedback-submit">
            Submit Feedback
          </Button>
          {saveStatus && (
            <p className="muted small" role="status" data-testid="draft-status">
              {SAVE_STATUS[saveStatus]}
            </p>
          )}
        </div>
      </section>
      <ConfirmDialog
        open={confirming}
        title="Submit your feedback?"
        description={`${share.sharedByName} will be notified and can read it straight away. Submitted feedback cannot be changed.`}
        confirmLabel="Submit Feedback"
        busyLabel="Submitting..."
        busy={submit.isPending}
        error={submit.isError ? errorMessage(submit.error, 'Failed to submit the feedback') : null}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
        tone="primary"
        testId="submit-feedback-dialog"
      />
    </div>
  );
}
