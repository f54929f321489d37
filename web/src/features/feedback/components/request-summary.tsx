import type { ShareView } from '@shared/schemas/shares';
import { Facts } from '@/components/facts';
import { CategoryTags } from '@/components/category-toggles';
import { contextLabel, purposeLabel } from '@/features/feedback/utils/share';

/** What the musician asked for: notes, context, purpose, an instrumental, reference track and focus categories. */
export function RequestSummary({ share }: { share: ShareView }) {
  const o = share.shareOptions;
  const reference = o.referenceTrack?.trim();
  const isLink = !!reference && /^https?:\/\//i.test(reference);
  return (
    <Facts
      className="request-summary"
      testId="request-summary"
      facts={[
        { label: 'Feedback notes', value: o.feedbackNotes, testId: 'request-notes' },
        { label: 'Context', value: contextLabel(o.context), testId: 'request-context' },
        !!o.trackPurpose && { label: 'Track purpose', value: purposeLabel(o.trackPurpose) },
        o.vocalsLyrics === false && {
          label: 'Scored on',
          value: 'An instrumental: not on Vocals & Lyrics',
          testId: 'request-instrumental',
        },
        !!reference && {
          label: 'Reference track',
          value: isLink ? (
            <a href={reference} target="_blank" rel="noreferrer noopener">
              {reference}
            </a>
          ) : (
            reference
          ),
        },
        !!o.categories?.length && { label: 'Focus', value: <CategoryTags tags={o.categories} />, valueClassName: 'comment-tags' },
      ]}
    />
  );
}
