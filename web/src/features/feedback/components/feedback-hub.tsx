import { useAllShares } from '@/features/feedback/api/shares';
import { useSharesLive } from '@/features/feedback/hooks/use-shares-live';
import type { Viewer } from '@/features/feedback/utils/share';
import { ShareList } from './share-list';
import '@/features/feedback/shares.css';

/**
 * The musician's feedback hub: every track they shared (with whom, its status, the feedback) and every
 * request for their own peer feedback (by whom, with the form to answer it).
 */
export function FeedbackHub({ viewer }: { viewer: Viewer }) {
  useSharesLive();
  const shares = useAllShares();
  return (
    <section className="panel panel-feedback" aria-labelledby="hub-title" data-testid="feedback-hub">
      <div className="panel-head">
        <div>
          <h2 id="hub-title" className="panel-title">
            Feedback Hub
          </h2>
          <p className="muted small">Tracks you shared for feedback and what came back, and requests for your feedback.</p>
        </div>
      </div>
      <ShareList
        query={shares}
        pages={shares.pages}
        viewer={viewer}
        label="Feedback requests"
        testId="hub-list"
        empty={
          <>
            <p className="feedback-view-title">No feedback requests yet</p>
            <p className="muted small">Use Get feedback on a track, or choose a pro, to ask for feedback.</p>
          </>
        }
      />
    </section>
  );
}
