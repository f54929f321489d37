import { useState } from 'react';
import type { ShareDetail } from '../../../../../shared/schemas/shares';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextAreaField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/errors';
import { useAddComment, useSubmitFeedback } from '../api/shares';
import { useShareTimeline } from '../hooks/use-share-timeline';
import { TimelinePlayer } from './timeline-player';
import { hasFeedbackToSend, type Criteria } from '../utils/ratings';
import type { Viewer } from '../utils/share';
import { CommentComposer, commentPlaceholder } from './comment-composer';
import { CommentList } from './comment-list';
import { CriteriaRatings } from './criteria';

/**
 * The reviewer's form: the player with a marker per comment, the comment box, the comments, the
 * criteria stars and the general comment. Submitting completes the share.
 */
export function ReviewerForm({ detail, viewer }: { detail: ShareDetail; viewer: Viewer }) {
  const { share, comments } = detail;
  const timeline = useShareTimeline(share, comments);
  const add = useAddComment(share.id);
  const submit = useSubmitFeedback(share.id);
  const [criteria, setCriteria] = useState<Criteria>({});
  const [general, setGeneral] = useState('');

  // Only the reviewer's own comments count as feedback (the server checks the same).
  const ownComments = comments.filter((c) => c.userId === viewer.id).length;
  const canSubmit = !submit.isPending && hasFeedbackToSend(criteria, ownComments, general);

  const send = () => {
    if (!canSubmit) return;
    const comment = general.trim();
    submit.mutate({ criteria: criteria as Record<string, number>, ...(comment ? { comment } : {}) });
  };

  return (
    <div className="reviewer-form" data-testid="reviewer-form">
      <TimelinePlayer timeline={timeline} />

      <section className="form-block" aria-label="Add a comment">
        <h4 className="block-title">Timestamped comments</h4>
        <CommentComposer
          mode="new"
          getPlayhead={timeline.getPlayhead}
          duration={share.trackDuration}
          placeholder={commentPlaceholder(viewer.type, false)}
          allowSuggest
          onSubmit={(draft) => add.mutateAsync(draft)}
        />
        <CommentList
          share={share}
          comments={comments}
          viewerId={viewer.id}
          activeIds={timeline.activeIds}
          onSeek={timeline.seek}
        />
      </section>

      <section className="form-block" aria-label="Ratings">
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
        {submit.isError && (
          <Alert tone="error" testId="feedback-submit-error">
            {errorMessage(submit.error, 'Failed to submit the feedback')}
          </Alert>
        )}
        <div className="button-row">
          <Button onClick={send} disabled={!canSubmit} busy={submit.isPending} busyText="Submitting..." data-testid="feedback-submit">
            Submit Feedback
          </Button>
        </div>
      </section>
    </div>
  );
}
