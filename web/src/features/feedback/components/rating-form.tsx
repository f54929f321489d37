import { useState } from 'react';
import { useField } from '@/hooks/use-field';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { StarRating } from '@/components/star-rating';
import { StarScore } from '@/components/star-score';
import { TextAreaField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { useRateFeedback } from '@/features/feedback/api/share-actions';
import { BlockTitle } from './block-title';

export const RATING_THANKS = 'Thank you for your feedback!!';

/** The musician's rating of the feedback received: 1-5 stars (required) and an optional comment, once. */
export function RatingForm({ shareId }: { shareId: string }) {
  const rate = useRateFeedback(shareId);
  const [rating, setRating] = useState(0);
  const comment = useField();

  const submit = () => {
    if (rating < 1 || rate.isPending) return;
    const text = comment.value.trim();
    rate.mutate({ rating, ...(text ? { comment: text } : {}) });
  };

  return (
    <section className="rating-form form-block" data-testid="rating-form">
      <BlockTitle>Rate this feedback</BlockTitle>
      <StarRating label="Your rating" value={rating} onSelect={setRating} disabled={rate.isPending} testId="rating-stars" />
      <TextAreaField
        label="Comment (optional)"
        rows={2}
        maxLength={2000}
        {...comment.bind}
        disabled={rate.isPending}
        data-testid="rating-comment"
      />
      {rate.isError && (
        <Alert tone="error" testId="rating-error">
          {errorMessage(rate.error, 'Failed to save your rating')}
        </Alert>
      )}
      <div className="button-row">
        <Button onClick={submit} disabled={rating < 1} busy={rate.isPending} busyText="Sending..." data-testid="rating-submit">
          Submit Rating
        </Button>
      </div>
    </section>
  );
}

/** Shown once the musician has rated the feedback. */
export function RatingThanks({ rating, comment }: { rating: number; comment: string | null }) {
  return (
    <section className="rating-thanks" data-testid="rating-thanks">
      <Alert tone="success" title={RATING_THANKS} testId="rating-thanks-alert">
        <span className="rating-given">
          You rated this feedback <StarScore value={rating} />
        </span>
        {comment && <span className="muted small rating-given-comment">“{comment}”</span>}
      </Alert>
    </section>
  );
}
