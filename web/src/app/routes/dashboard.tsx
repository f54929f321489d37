import '@/styles/app.css';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { progressQueryKey } from '@/features/dashboard/api/progress';
import { MusicianExperience } from '@/features/dashboard/components/musician-experience';
import { FeedbackHub } from '@/features/feedback/components/feedback-hub';
import { FindingReviewer } from '@/features/pool/components/finding-reviewer';
import { TrackShareSummary } from '@/features/feedback/components/track-shares';
import type { Viewer } from '@/features/feedback/utils/share';
import { PaymentStepSlot } from '@/features/feedback/hooks/payment-step-slot';
import { useTrackPages } from '@/features/tracks/api/tracks';
import { useMe } from '@/lib/auth';
import { PaymentStepOnDemand } from './payment-step-on-demand';
import { TracksWithFeedback } from './tracks-with-feedback';

/** 'Your Journey to Pro' follows the track list: a track uploaded or deleted asks its figures again. */
export function ProgressFollowsTracks() {
  const total = useTrackPages().data?.total;
  const client = useQueryClient();
  const seen = useRef(total);
  useEffect(() => {
    if (total === undefined) return;
    if (seen.current !== undefined && seen.current !== total) void client.invalidateQueries({ queryKey: progressQueryKey });
    seen.current = total;
  }, [total, client]);
  return null;
}

const ProDashboard = lazy(() => import('./pro-dashboard').then((m) => ({ default: m.ProDashboard })));

/**
 * The dashboard: Musician Experience for musicians, Pro Experience for everyone else. Both show the
 * user's tracks; the features are composed here, so they never import each other. A musician reads
 * feedback in the Feedback Hub, so under a track each request is a line linking there.
 */
export function DashboardRoute() {
  const { data: me } = useMe();
  if (!me) return <LoadingScreen />;
  const viewer: Viewer = { id: me.id, type: me.type };
  return (
    <PaymentStepSlot.Provider value={PaymentStepOnDemand}>
      {me.type === 'musician' && <ProgressFollowsTracks />}
      {me.type === 'musician' ? (
        <MusicianExperience
          user={me}
          tracks={<TracksWithFeedback renderFeedback={(track) => <TrackShareSummary trackId={track.id} />} />}
          hub={
            <>
              <FindingReviewer />
              <FeedbackHub viewer={viewer} />
            </>
          }
        />
      ) : (
        <Suspense fallback={<LoadingScreen />}>
          <ProDashboard user={me} viewer={viewer} />
        </Suspense>
      )}
    </PaymentStepSlot.Provider>
  );
}
