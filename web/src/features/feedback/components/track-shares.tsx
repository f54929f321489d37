import { MessageIcon } from '../../../components/icons';
import { useShares } from '../api/shares';
import type { Viewer } from '../utils/share';
import { ShareItem } from './share-item';

/** The feedback view under a track: the requests made for it, each with its feedback. */
export function TrackShares({ trackId, viewer }: { trackId: string; viewer: Viewer }) {
  const shares = useShares('author');
  const mine = (shares.data ?? []).filter((s) => s.trackId === trackId);
  if (mine.length === 0) {
    return (
      <div className="feedback-view-empty">
        <MessageIcon />
        <div>
          <p className="feedback-view-title">{shares.isPending ? 'Loading...' : 'No feedback yet'}</p>
          <p className="muted small">Ask a peer or a pro with Get feedback; their ratings and timestamped comments will show here.</p>
        </div>
      </div>
    );
  }
  return (
    <ul className="share-list">
      {mine.map((s) => (
        <ShareItem key={s.id} share={s} viewer={viewer} />
      ))}
    </ul>
  );
}
