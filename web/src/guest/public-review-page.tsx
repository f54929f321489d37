import { useEffect, useState } from 'react';
import { routePaths } from '@shared/api/route-paths';
import { commentPlace } from '@shared/clock';
import { madeLabel, madeSummary } from '@shared/comment-made';
import { CRITERIA } from '@shared/feedback';
import { paths } from '@shared/paths';
import type { PublicReviewView } from '@shared/schemas/public-review';
import { BrandHeader } from '@/components/brand-header';
import { ReceiptCard } from '@/components/receipt-card';
import { decodePeaks, downsamplePeaks } from '@/components/audio-player/peaks';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { GuestLink, useEnterApp } from './guest-link';
import './public-review-page.css';

type State = { step: 'loading' } | { step: 'shown'; review: PublicReviewView } | { step: 'gone'; message: string };

const DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const BARS = 120;

function useReview(token: string): State {
  const [state, setState] = useState<State>({ step: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const path = routePaths.getPublicReview.path.replace('{token}', encodeURIComponent(token));
    fetch(`${getRuntimeConfig().apiUrl.replace(/\/+$/, '')}${path}`, { signal: controller.signal })
      .then(async (res) => {
        const body = (await res.json().catch(() => null)) as (PublicReviewView & { error?: { message: string } }) | null;
        if (res.ok && body && !body.error) setState({ step: 'shown', review: body });
        else setState({ step: 'gone', message: body?.error?.message ?? 'This review link has expired or was turned off.' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ step: 'gone', message: 'Could not reach Snip. Check your connection and try again.' });
      });
    return () => controller.abort();
  }, [token]);
  return state;
}

/** The track's waveform with a mark at each comment's moment: where the review speaks, without the audio. */
function Waveform({ review }: { review: PublicReviewView }) {
  const bars = downsamplePeaks(decodePeaks(review.peaks), BARS);
  const at = (t: number) => (review.duration > 0 ? (Math.min(t, review.duration) / review.duration) * BARS : 0);
  return (
    <svg className="public-review-wave" viewBox={`0 0 ${BARS} 40`} preserveAspectRatio="none" aria-hidden="true" focusable={false}>
      {bars.map((v, i) => (
        <rect key={i} x={i + 0.15} width={0.7} y={20 - Math.max(0.5, v * 18)} height={Math.max(1, v * 36)} rx={0.3} />
      ))}
      {review.comments
        .filter((c) => c.timestamp != null)
        .map((c, i) => (
          <rect key={`m${i}`} className="public-review-mark" x={at(c.timestamp!) - 0.3} width={0.6} y={0} height={40} />
        ))}
    </svg>
  );
}

/**
 * `/review/:token`: a completed review, read-only, for someone its musician sent the link to. No account,
 * no audio: the scores, the overall comment and the reviewer's comments at their moments on the waveform.
 * A guest page: the app loads only when the reader follows a link into it.
 */
export function PublicReviewPage({ token, bootApp }: { token: string; bootApp: () => Promise<void> }) {
  const enterApp = useEnterApp(bootApp);
  const state = useReview(token);
  return (
    <div className="public-review">
      <BrandHeader className="public-review-header">
        <GuestLink to={paths.signup} className="btn btn-primary" enterApp={enterApp}>
          Get feedback on your music
        </GuestLink>
      </BrandHeader>
      <main className="public-review-main" aria-busy={state.step === 'loading'}>
        {state.step === 'loading' && <p className="muted">Loading the review…</p>}
        {state.step === 'gone' && (
          <div className="notice-card">
            <h1 className="page-title">This review is not available</h1>
            <p className="muted">{state.message}</p>
          </div>
        )}
        {state.step === 'shown' && <Review review={state.review} />}
      </main>
    </div>
  );
}

function Review({ review }: { review: PublicReviewView }) {
  const scored = CRITERIA.filter((c) => review.criteria[c.key] != null);
  const made = madeSummary(review.comments.map((c) => c.made));
  return (
    <article aria-labelledby="public-review-title">
      <p className="public-review-kicker">Read-only review, shared by the musician</p>
      <h1 id="public-review-title" className="public-review-title">
        Feedback on “{review.trackTitle}”
      </h1>
      <p className="muted">
        By {review.reviewerName}
        {review.reviewerWorldClass && ' (World-Class, vetted by Snip)'}, {DATE.format(new Date(review.reviewedAt))}. This link works until{' '}
        {DATE.format(new Date(review.expiresAt))}.
      </p>
      <Waveform review={review} />
      {review.receipt && <ReceiptCard receipt={review.receipt} />}
      {scored.length > 0 && (
        <section aria-labelledby="public-review-scores">
          <h2 id="public-review-scores">Scores</h2>
          <dl className="public-review-scores">
            {scored.map((c) => (
              <div key={c.key}>
                <dt>{c.label}</dt>
                <dd>{review.criteria[c.key]} / 5</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {review.comment && (
        <section aria-labelledby="public-review-overall">
          <h2 id="public-review-overall">Overall</h2>
          <p className="public-review-text">{review.comment}</p>
        </section>
      )}
      <section aria-labelledby="public-review-comments">
        <h2 id="public-review-comments">Comments</h2>
        {made && (
          <p className="muted" data-testid="public-review-made">
            {made}
          </p>
        )}
        {review.drewOn?.map((line) => (
          <p key={line} className="muted" data-testid="public-review-drew-on">
            Includes {line}.
          </p>
        ))}
        {review.comments.length === 0 ? (
          <p className="muted">No timestamped comments.</p>
        ) : (
          <ol className="public-review-comments">
            {review.comments.map((c, i) => (
              <li key={i}>
                <span className="public-review-place">{commentPlace(c) ?? 'General'}</span>
                {c.tags.length > 0 && <span className="public-review-tags">{c.tags.join(' ')}</span>}
                {c.made && <span className="public-review-made">{madeLabel(c.made)}</span>}
                <p className="public-review-text">{c.text}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
