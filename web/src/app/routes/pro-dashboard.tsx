import type { UserView } from '@shared/schemas/users';
import { ProExperience } from '@/features/dashboard/components/pro-experience';
import { ReviewerTabs } from '@/features/feedback/components/reviewer-tabs';
import { TrackShares } from '@/features/feedback/components/track-shares';
import { TracksToRateFigures } from '@/features/feedback/components/tracks-to-rate-figures';
import { RequestsForYou } from '@/features/pool/components/requests-for-you';
import type { Viewer } from '@/features/feedback/utils/share';
import { TracksWithFeedback } from './tracks-with-feedback';

/**
 * Pro Experience, for everyone who is not a musician: a pro has no hub of their own requests, so the
 * feedback opens under the track. A chunk of its own, so that a musician's dashboard never loads it.
 */
export function ProDashboard({ user, viewer }: { user: UserView; viewer: Viewer }) {
  return (
    <ProExperience
      user={user}
      tracks={<TracksWithFeedback renderFeedback={(track) => <TrackShares trackId={track.id} viewer={viewer} />} />}
      reviews={
        <>
          {user.type === 'pro' && <RequestsForYou takesPoolWork={user.takesPoolWork} />}
          <ReviewerTabs viewer={viewer} />
        </>
      }
      analysis={<TracksToRateFigures />}
    />
  );
}
