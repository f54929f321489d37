import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../lib/paths';
import { useMe } from '../../lib/auth';
import { EarningsCard } from '../../features/earnings/components/earnings-card';

/** Pages whose content arrives with later work: their heading, so routing and navigation work. */
function Placeholder({ title, subtitle, testId, actions, children }: { title: string; subtitle: string; testId: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className="page" data-testid={testId}>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {children}
      <section className="panel panel-empty">
        <p className="muted">This page is on its way.</p>
      </section>
    </div>
  );
}

/** A pro's balance and earnings lead their profile; the rest of the profile arrives with later work. */
function ProEarnings() {
  const me = useMe();
  return me.data?.type === 'pro' ? <EarningsCard /> : null;
}

export const ProfileRoute = () => (
  <Placeholder
    title="Profile"
    subtitle="Your public profile, genres and links."
    testId="page-profile"
    // The navigation offers Settings to admins only: this is how everyone else reaches their plan.
    actions={
      <Link className="btn btn-secondary" to={paths.settings} data-testid="profile-billing-link">
        Billing &amp; Plan
      </Link>
    }
  >
    <ProEarnings />
  </Placeholder>
);
