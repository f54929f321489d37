import '@/styles/app.css';
import { useState } from 'react';
import type { TrackView } from '@shared/schemas/tracks';
import { LoadingScreen } from '@/components/loading-screen';
import { MusicianExperience } from '@/features/dashboard/components/musician-experience';
import { ProExperience } from '@/features/dashboard/components/pro-experience';
import { FeedbackHub } from '@/features/feedback/components/feedback-hub';
import { ReviewerTabs } from '@/features/feedback/components/reviewer-tabs';
import { TrackShares, TrackShareSummary } from '@/features/feedback/components/track-shares';
import { TracksToRateFigures } from '@/features/feedback/components/tracks-to-rate-figures';
import { HeatStripSlot } from '@/features/feedback/components/heat-strip-slot';
import type { Viewer } from '@/features/feedback/utils/share';
import { PaymentStepSlot } from '@/features/feedback/hooks/payment-step-slot';
import { TracksPanel } from '@/features/tracks/components/tracks-panel';
import { useMe } from '@/lib/auth';
import { PaymentStepOnDemand } from './payment-step-on-demand';
import { ShareDialogOnDemand } from './share-dialog-on-demand';

/**
 * The user's tracks with 'Get feedback' wired to the share dialog and each row's feedback view. A
 * musician reads feedback in the Feedback Hub, so under a track each request is a line linking there; a
 * pro has no hub of their own requests, so the feedback opens under the track.
 */
function TracksWithFeedback({ viewer }: { viewer: Viewer }) {
  const [sharing, setSharing] = useState<TrackView | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <TracksPanel
        onGetFeedback={(track) => {
          setSharing(track);
          setOpen(true);
        }}
        renderFeedback={(track) =>
          viewer.type === 'musician' ? <TrackShareSummary trackId={track.id} /> : <TrackShares trackId={track.id} viewer={viewer} />
        }
        renderUnderWave={(track) => <HeatStripSlot trackId={track.id} duration={track.duration} />}
      />
      <ShareDialogOnDemand open={open} onClose={() => setOpen(false)} initialTrackId={sharing?.id ?? null} />
    </>
  );
}

/**
 * The dashboard: Musician Experience for musicians, Pro Experience for everyone else. Both show the
 * user's tracks; the features are composed here, so they never import each other.
 */
export function DashboardRoute() {
  const { data: me } = useMe();
  if (!me) return <LoadingScreen />;
  const viewer: Viewer = { id: me.id, type: me.type };
  return (
    <PaymentStepSlot.Provider value={PaymentStepOnDemand}>
      {me.type === 'musician' ? (
        <MusicianExperience user={me} tracks={<TracksWithFeedback viewer={viewer} />} hub={<FeedbackHub viewer={viewer} />} />
      ) : (
        <ProExperience
          user={me}
          tracks={<TracksWithFeedback viewer={viewer} />}
          reviews={<ReviewerTabs viewer={viewer} />}
          analysis={<TracksToRateFigures />}
        />
      )}
    </PaymentStepSlot.Provider>
  );
}
