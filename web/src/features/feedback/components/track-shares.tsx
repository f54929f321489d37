import type { ComponentProps, MouseEvent } from 'react';
import { MessageIcon } from '@/components/icons';
import { StarScore } from '@/components/star-score';
import { LoadMore } from '@/components/load-more';
import { useAllShares, useShares } from '@/features/feedback/api/shares';
import type { Viewer } from '@/features/feedback/utils/share';
import { requestOpenShare, shareAnchor } from '@/features/feedback/utils/share-anchor';
import { ShareItem } from './share-item';
import { StatusBadge } from './status-badge';
import '@/features/feedback/shares.css';

function NoFeedbackYet({ loading, more }: { loading: boolean; more: boolean }) {
  return (
    <div className="feedback-view-empty">
      <MessageIcon />
      <div>
        <p className="feedback-view-title">{loading ? 'Loading...' : more ? 'None among the latest requests' : 'No feedback yet'}</p>
        <p className="muted small">
          {more
            ? 'Older requests are not loaded yet: load more to look further back.'
            : 'Ask a peer or a pro with Get feedback; their ratings and timestamped comments will show here.'}
        </p>
      </div>
    </div>
  );
}

/** The requests lists are paged by date: a track's older requests come with the next pages. */
function MoreRequests({ pages }: { pages: ComponentProps<typeof LoadMore>['pages'] }) {
  return (
    <LoadMore
      pages={pages}
      label="Load more requests"
      failed="Could not load more requests. Please try again."
      className="share-list-more"
      testId="track-shares-more"
    />
  );
}

/**
 * The feedback view under a track where nothing else on the page shows its requests (a pro's own tracks):
 * the requests made for it, each with its feedback.
 */
export function TrackShares({ trackId, viewer }: { trackId: string; viewer: Viewer }) {
  const shares = useShares('author');
  const mine = (shares.data ?? []).filter((s) => s.trackId === trackId);
  return (
    <>
      {mine.length === 0 ? (
        <NoFeedbackYet loading={shares.isPending} more={shares.hasNextPage} />
      ) : (
        <ul className="share-list">
          {mine.map((s) => (
            <ShareItem key={s.id} share={s} viewer={viewer} />
          ))}
        </ul>
      )}
      <MoreRequests pages={shares} />
    </>
  );
}

/**
 * The feedback view under a musician's track: each request made for it in one line (with whom, its
 * status, the rating given) and a link to it in the Feedback Hub, where the feedback itself is read. A
 * share is shown in full in one place only. The lines are those the hub shows (the same pages), so that
 * each link finds its request there.
 */
export function TrackShareSummary({ trackId }: { trackId: string }) {
  const shares = useAllShares();
  const mine = (shares.data ?? []).filter((s) => s.trackId === trackId);
  if (mine.length === 0) {
    return (
      <>
        <NoFeedbackYet loading={shares.isPending} more={shares.pages.hasNextPage} />
        <MoreRequests pages={shares.pages} />
      </>
    );
  }
  return (
    <>
      <ul className="track-share-summary" aria-label="Feedback requests for this track" data-testid="track-share-summary">
        {mine.map((s) => {
          const toRate = s.status === 'completed' && !s.rating;
          const open = (e: MouseEvent<HTMLAnchorElement>) => {
            e.preventDefault();
            requestOpenShare(s.id);
          };
          return (
            <li key={s.id} className="track-share-line" data-testid="track-share-line" data-share-id={s.id}>
              <span className="track-share-who">Shared with {s.sharedWithName}</span>
              <StatusBadge status={s.status} />
              {s.rating ? <StarScore value={s.rating} label={`Rated ${s.rating} out of 5`} /> : null}
              <a
                href={`#${shareAnchor(s.id)}`}
                className="link track-share-open"
                onClick={open}
                aria-label={`${toRate ? 'Read and rate' : 'View'} in the Feedback Hub: the request to ${s.sharedWithName}`}
                data-testid="track-share-open"
              >
                {toRate ? 'Read and rate' : 'View'} in the Feedback Hub
              </a>
            </li>
          );
        })}
      </ul>
      <MoreRequests pages={shares.pages} />
    </>
  );
}
