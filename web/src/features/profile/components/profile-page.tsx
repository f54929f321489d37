import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { LoadingScreen } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { useMe } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { GenresSection } from './genres-section';
import { PriceCard } from './price-card';
import { PoolWorkCard } from './pool-work-card';
import { ProApplicationCard } from './pro-application-card';
import { ProfileForm } from './profile-form';
import { ProfileHeader } from './profile-header';
import { PROFILE_SAVED, takeProfileSaved } from '@/features/profile/utils/saved-note';
import { SocialLinksSection } from './social-links-section';
import '@/features/profile/profile.css';

/**
 * The Profile page of every non-admin: the header (cover, photo, role badge, name), the profile form,
 * genres and social links; a pro's price and Current Balance; a musician's application to become a pro;
 * and the way to Billing & Plan. The app gives it the pro's balance card (features do not import each other).
 */
export function ProfilePage({ proBalance }: { proBalance?: ReactNode }) {
  const me = useMe();
  const saved = useJustSaved();
  if (me.isPending) return <LoadingScreen />;
  if (!me.data) {
    return (
      <div className="page" data-testid="page-profile">
        <PageHeader title="Profile" />
        <Alert tone="error">
          {errorMessage(me.error, 'Failed to load your profile.')}{' '}
          <button type="button" className="link-button" onClick={() => void me.refetch()}>
            Try again
          </button>
        </Alert>
      </div>
    );
  }
  const user = me.data;
  const isPro = user.type === 'pro';
  return (
    <div className="page profile-page" data-testid="page-profile">
      <PageHeader
        title="Profile"
        subtitle={
          isPro ? 'What musicians see when they choose a pro, your price and your earnings.' : 'Your public profile, genres and links.'
        }
        // The navigation offers Settings to admins only: this is how everyone else reaches their plan.
        actions={
          <>
            <Link className="btn btn-ghost" to={paths.account} data-testid="profile-account-link">
              Account
            </Link>
            <Link className="btn btn-secondary" to={paths.settings} data-testid="profile-billing-link">
              Billing &amp; Plan
            </Link>
          </>
        }
      />
      {saved.shown && (
        <Alert tone="success" testId="profile-saved" onDismiss={saved.dismiss}>
          {PROFILE_SAVED}
        </Alert>
      )}
      {/* After the page's h1: the header names the user in an h2. */}
      <ProfileHeader user={user} />
      <div className="profile-layout">
        <div className="profile-main">
          {/* Where the application has the width its genre list and sliders need. */}
          {user.type === 'musician' && <ProApplicationCard user={user} />}
          <ProfileForm user={user} />
        </div>
        <div className="profile-side">
          <GenresSection genres={user.genres ?? []} />
          <SocialLinksSection user={user} />
          {isPro && (
            <PriceCard
              feedbackPriceCents={user.feedbackPriceCents ?? null}
              freeRechecks={user.freeRechecks}
              worldClass={Boolean(user.worldClass)}
            />
          )}
          {isPro && <PoolWorkCard takesPoolWork={user.takesPoolWork} focusAreas={user.focusAreas} />}
          {isPro && proBalance}
        </div>
      </div>
    </div>
  );
}

/** Whether the page was just reloaded by a profile save (told once, read at the first render after it). */
function useJustSaved() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // Only ever set: StrictMode's second run finds the note already taken and must not hide the message.
    if (takeProfileSaved()) setShown(true);
  }, []);
  return { shown, dismiss: () => setShown(false) };
}
