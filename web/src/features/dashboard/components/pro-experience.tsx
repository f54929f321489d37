import type { ReactNode } from 'react';
import type { UserView } from '@shared/schemas/users';
import { PageHeader } from '@/components/page-header';
import { greeting } from '@/features/dashboard/utils/greeting';
import { AiFeedbackAssistant } from './ai-feedback-assistant';

/**
 * The home view of pros (and everyone who is not a musician): the tabs of tracks to rate and feedback given
 * (`reviews`) first, since the requests waiting are a pro's work and have deadlines; then the user's own tracks
 * (`tracks`) and the AI Feedback Assistant panel.
 */
export function ProExperience({
  user,
  tracks,
  reviews,
  analysis,
}: {
  user: UserView;
  tracks?: ReactNode;
  reviews?: ReactNode;
  /** The Technical Analysis card's content. */
  analysis?: ReactNode;
}) {
  return (
    <div className="page" data-testid="pro-experience">
      <PageHeader title="Pro Experience" subtitle={greeting(user)} />
      {reviews}
      {tracks}
      <AiFeedbackAssistant analysis={analysis} />
    </div>
  );
}
