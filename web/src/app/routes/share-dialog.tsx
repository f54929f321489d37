import { useQueryClient } from '@tanstack/react-query';
import type { UserCard } from '@shared/schemas/directory';
import { LoadMore } from '@/components/load-more';
import { ShareModal } from '@/features/feedback/components/share-modal';
import { PaymentStep } from '@/features/payments/components/payment-step';
import { tracksQueryKey, useTrackVersions } from '@/features/tracks/api/tracks';

/**
 * The share dialog over the user's own tracks, with the payments feature's payment step (composed here:
 * features do not import each other); a share marks its track shared, so the track list is reloaded after one.
 */
export function ShareDialog(props: { open: boolean; onClose: () => void; initialTrackId?: string | null; initialUser?: UserCard | null }) {
  const tracks = useTrackVersions();
  const queryClient = useQueryClient();
  return (
    <ShareModal
      {...props}
      // A track, or any of its versions, can be shared once its audio is processed.
      tracks={(tracks.data ?? []).filter((t) => t.status === 'ready')}
      tracksLoading={tracks.isPending}
      // The picker offers the tracks loaded so far (newest first); older ones come a page at a time.
      moreTracks={
        <LoadMore
          pages={tracks}
          label="Load older tracks"
          failed="Could not load more tracks. Please try again."
          className="share-more-tracks"
          testId="share-more-tracks"
        />
      }
      onShared={() => void queryClient.invalidateQueries({ queryKey: tracksQueryKey })}
      paymentStep={PaymentStep}
    />
  );
}
