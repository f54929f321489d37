import { useEffect, useState } from 'react';
import { routePaths } from '@shared/api/route-paths';
import { FEEDBACK_TIERS } from '@shared/constants';
import { TIER_TERMS } from '@shared/tiers';
import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import type { ShowcaseView } from '@shared/schemas/directory';
import { BrandHeader } from '@/components/brand-header';
import { ReputationLine } from '@/components/reputation-line';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { GuestLink, useEnterApp } from './guest-link';
import './front-page.css';

const STEPS = [
  {
    title: 'Upload your track',
    text: 'Any export from your DAW or a phone recording. The waveform and a technical report (loudness, true peak, clipping) are ready in seconds.',
  },
  { title: 'Choose who listens', text: 'Ask fellow musicians for free, or a pro of your choice at their price.' },
  { title: 'Pay only for pros', text: 'Peer feedback costs nothing. A pro is paid through PayPal once their review is delivered.' },
  {
    title: 'Feedback on the exact second',
    text: 'Comments pinned to the moment of the mix they are about, tagged by category, with scores. If a paid review does not come in time, you get your money back.',
  },
];

/** Sign up (in the page's words) and Sign in, side by side: under the lead and at the end. */
function Actions({ signUp, enterApp }: { signUp: string; enterApp: () => void }) {
  return (
    <div className="front-actions">
      <GuestLink to={paths.signup} className="btn btn-primary btn-lg" enterApp={enterApp}>
        {signUp}
      </GuestLink>
      <GuestLink to={paths.login} className="btn btn-ghost btn-lg" enterApp={enterApp}>
        Sign in
      </GuestLink>
    </div>
  );
}

/**
 * What the product's own data says, loaded after the page shows (the page stands without it). A showcase
 * with no plans (a fresh deployment, before anyone opened Billing) has them asked for from Stripe (GET /plans).
 */
function useShowcase(): ShowcaseView | null {
  const [showcase, setShowcase] = useState<ShowcaseView | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const get = <T,>(path: string) =>
      fetch(`${getRuntimeConfig().apiUrl.replace(/\/+$/, '')}${path}`, { signal: controller.signal }).then((res) =>
        res.ok ? (res.json() as Promise<T>) : null,
      );
    get<ShowcaseView>(routePaths.getShowcase.path)
      .then(async (found) => {
        if (!found || found.plans.length) return found;
        const plans = await get<Pick<ShowcaseView, 'plans'>>(routePaths.listPublicPlans.path).catch(() => null);
        return plans ? { ...found, plans: plans.plans } : found;
      })
      .then(setShowcase)
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return showcase;
}

/**
 * `/` for a visitor with no stored session: what Snip is, how a request works, what it costs and who the
 * pros are, then Sign up / Sign in. Static and small, like the guest sign-in page: no router, no query
 * client, no sign-in library; a link into the app renders the app at its address (`bootApp`).
 */
export function FrontPage({ bootApp }: { bootApp: () => Promise<void> }) {
  const enter = useEnterApp(bootApp);
  const enterApp = () => void enter();
  const showcase = useShowcase();
  // Where 'Delete my account' ends (features/account/components/delete-panel.tsx AFTER_DELETION).
  const [accountDeleted] = useState(() => new URLSearchParams(window.location.search).get('account') === 'deleted');
  return (
    <div className="front">
      <BrandHeader className="front-header">
        <nav className="front-nav" aria-label="Account">
          <GuestLink to={paths.login} className="front-link" enterApp={enterApp}>
            Sign in
          </GuestLink>
          <GuestLink to={paths.signup} className="btn btn-primary" enterApp={enterApp}>
            Sign up
          </GuestLink>
        </nav>
      </BrandHeader>
      <main>
        {accountDeleted && (
          <p className="alert alert-info front-notice" role="status" data-testid="account-deleted">
            Your account was deleted. Thank you for making music with us.
          </p>
        )}
        <section className="front-hero" aria-labelledby="front-title">
          <h1 id="front-title">Feedback on the exact second it is about.</h1>
          <p className="front-lead">
            Upload a track, ask peers for free or a pro you choose, and get comments pinned to the moment of the mix they are about, from
            someone who provably listened. If a paid review does not come, the money comes back.
          </p>
          <Actions signUp="Get feedback on a track" enterApp={enterApp} />
        </section>

        <section className="front-section" aria-labelledby="front-how">
          <h2 id="front-how">How a request works</h2>
          <ol className="front-steps">
            {STEPS.map((s, i) => (
              <li key={s.title}>
                <span className="front-step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="front-section" aria-labelledby="front-tiers">
          <h2 id="front-tiers">Feedback for every stage</h2>
          <ul className="front-cards front-tiers">
            {FEEDBACK_TIERS.map((t) => (
              <li key={t.key} className="front-card">
                <h3>{t.label}</h3>
                <p className="front-price">{t.price === 0 ? 'Free' : formatPrice(t.price * 100)}</p>
                <p className="front-tier-terms">{TIER_TERMS[t.key]}</p>
              </li>
            ))}
          </ul>
        </section>

        {showcase && showcase.plans.length > 0 && (
          <section className="front-section" aria-labelledby="front-plans">
            <h2 id="front-plans">Monthly plans</h2>
            <ul className="front-cards">
              {showcase.plans.map((p) => (
                <li key={p.id} className={`front-card${p.popular ? ' is-popular' : ''}`}>
                  <h3>{p.name}</h3>
                  <p className="front-price">{p.amountCents === 0 ? 'Free' : `${formatPrice(p.amountCents)} a month`}</p>
                  <ul className="front-features">
                    {p.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>
        )}

        {showcase && showcase.pros.length > 0 && (
          <section className="front-section" aria-labelledby="front-pros">
            <h2 id="front-pros">Some of our pros</h2>
            <ul className="front-cards front-pros">
              {showcase.pros.map((p, i) => (
                <li key={`${p.fullName}-${i}`} className="front-card">
                  <div className="front-pro-head">
                    {p.profileImage ? (
                      <img src={p.profileImage} alt="" width={48} height={48} loading="lazy" className="front-avatar" />
                    ) : (
                      <span className="front-avatar" aria-hidden="true">
                        {(p.fullName || 'U').charAt(0).toUpperCase()}
                      </span>
                    )}
                    <div>
                      <h3>{p.fullName || 'User'}</h3>
                      {p.worldClass && (
                        <p className="front-world-class" title={`Vetted by Snip: ${p.worldClass.reason}`}>
                          World-Class
                        </p>
                      )}
                      {p.feedbackPriceCents !== null && <p className="front-price">{formatPrice(p.feedbackPriceCents)} a review</p>}
                    </div>
                  </div>
                  {p.reputation && <ReputationLine reputation={p.reputation} />}
                  {p.genres.length > 0 && <p className="front-genres">{p.genres.slice(0, 4).join(' · ')}</p>}
                  {p.bio && <p className="front-bio">{p.bio}</p>}
                </li>
              ))}
            </ul>
          </section>
        )}

        <section className="front-section front-closing" aria-labelledby="front-start">
          <h2 id="front-start">Hear what your mix needs.</h2>
          <Actions signUp="Sign up free" enterApp={enterApp} />
        </section>
      </main>
    </div>
  );
}
