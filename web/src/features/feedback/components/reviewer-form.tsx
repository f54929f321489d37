import { useState } from 'react';
import type { ShareDetail } from '@shared/schemas/shares';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { TextAreaField } from '@/components/text-field';
import { useToast } from '@/components/toast';
import { errorMessage } from '@/lib/errors';
import { useAddComment, useSubmitFeedback } from '@/features/feedback/api/shares';
import { useShareTimeline } from '@/features/feedback/hooks/use-share-timeline';
import { TimelinePlayer } from './timeline-player';
import { hasFeedbackToSend, type Criteria } from '@/features/feedback/utils/ratings';
import type { Viewer } from '@/features/feedback/utils/share';
import { CommentComposer, commentPlaceholder } from './comment-composer';
import { CommentList } from './comment-list';
import { CriteriaRatings } from './criteria';

/**
 * The reviewer's form: the player with a marker per comment, the comment box, the comments, the
 * criteria stars and the general comment. Submitting, once confirmed since it is final, completes the
 * share; the form then gives way to the feedback view (or leaves Tracks to Rate), so a notice says it went.
 */
export function ReviewerForm({ detail, viewer }: { detail: ShareDetail; viewer: Viewer }) {
  const { share, comments } = detail;
  const timeline = useShareTimeline(share, comments);
  const add = useAddComment(share.id);
  const submit = useSubmitFeedback(share.id);
  const [criteria, setCriteria] = useState<Criteria>({});
  const [general, setGeneral] = useState('');
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();

  // Only the reviewer's own comments count as feedback (the server checks the same).
  const ownComments = comments.filter((c) => c.userId === viewer.id).length;
  const hasFeedback = hasFeedbackToSend(criteria, ownComments, general);
  const canSubmit = !submit.isPending && hasFeedback;

  const send = () => {
    if (!canSubmit) return;
    const comment = general.trim();
    submit.mutate(
      { criteria: criteria as Record<string, number>, ...(comment ? { comment } : {}) },
      {
        onSuccess: () => {
          setConfirming(false);
          toast(`Feedback sent to ${share.sharedByName}.`);
        },
      },
    );
  };

  return (
    <div className="reviewer-form" data-testid="reviewer-form">
      <TimelinePlayer timeline={timeline} />

      <section className="form-block">
        <h4 className="block-title">Timestamped comments</h4>
        <CommentComposer
          mode="new"
          getPlayhead={timeline.getPlayhead}
          duration={share.trackDuration}
          placeholder={commentPlaceholder(viewer.type, false)}
          allowSuggest
          onSubmit={(draft) => add.mutateAsync(draft)}
        />
        <CommentList share={share} comments={comments} viewerId={viewer.id} activeIds={timeline.activeIds} onSeek={timeline.seek} />
      </section>

      <section className="form-block">
        <h4 className="block-title">Ratings</h4>
        <CriteriaRatings value={criteria} onChange={setCriteria} disabled={submit.isPending} />
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
        <div className="button-row">
          <Button onClick={() => setConfirming(true)} disabled={!canSubmit} data-testid="feedback-submit">
            Submit Feedback
          </Button>
          {!hasFeedback && (
            <p className="muted small" data-testid="feedback-submit-hint">
              Add a comment, a rating or a general comment to submit.
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
