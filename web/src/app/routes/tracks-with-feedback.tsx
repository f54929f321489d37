import { useState, type ReactNode } from 'react';
import type { TrackView } from '@shared/schemas/tracks';
import { HeatStripSlot } from '@/features/feedback/components/heat-strip-slot';
import { TracksPanel } from '@/features/tracks/components/tracks-panel';
import { ShareDialogOnDemand } from './share-dialog-on-demand';

/**
 * The user's tracks with 'Get feedback' wired to the share dialog, and under each row the feedback view
 * the dashboard gives it (`renderFeedback`).
 */
export function TracksWithFeedback({ renderFeedback }: { renderFeedback: (track: TrackView) => ReactNode }) {
  const [sharing, setSharing] = useState<TrackView | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <TracksPanel
        onGetFeedback={(track) => {
          setSharing(track);
          setOpen(true);
        }}
        renderFeedback={renderFeedback}
        renderUnderWave={(track) => <HeatStripSlot trackId={track.id} duration={track.duration} />}
      />
      <ShareDialogOnDemand open={open} onClose={() => setOpen(false)} initialTrackId={sharing?.id ?? null} />
    </>
  );
}
