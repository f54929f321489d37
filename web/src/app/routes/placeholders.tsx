import { PageHeader } from '../../components/page-header';

/** Pages whose content arrives with later work: their heading, so routing and navigation work. */
function Placeholder({ title, subtitle, testId }: { title: string; subtitle: string; testId: string }) {
  return (
    <div className="page" data-testid={testId}>
      <PageHeader title={title} subtitle={subtitle} />
      <section className="panel panel-empty">
        <p className="muted">This page is on its way.</p>
      </section>
    </div>
  );
}

export const ProfileRoute = () => (
  <Placeholder title="Profile" subtitle="Your public profile, genres and links." testId="page-profile" />
);

export const ChooseProRoute = () => (
  <Placeholder title="Choose Your Pro" subtitle="Pick the pro you want feedback from." testId="page-choose-pro" />
);

export const SettingsRoute = () => (
  <Placeholder title="Settings" subtitle="Billing & Plan" testId="page-settings" />
);

export const AdminUsersRoute = () => (
  <Placeholder title="Users" subtitle="Manage musicians and pros." testId="page-admin-users" />
);

export const AdminSettingsRoute = () => (
  <Placeholder title="Admin Settings" subtitle="Profit margin per feedback." testId="page-admin-settings" />
);

/** The Choose Your Pro area shown again after a payment returns (spec: on feedback success and cancel). */
function ChooseProSection() {
  return (
    <section className="panel" aria-labelledby="choose-pro-title">
      <h2 id="choose-pro-title" className="panel-title">
        Choose Your Pro
      </h2>
      <p className="muted">Pick the pro you want feedback from next.</p>
    </section>
  );
}

export const FeedbackSuccessRoute = () => (
  <div className="page" data-testid="page-feedback-success">
    <PageHeader title="Payment Successful" subtitle="Your feedback request is on its way." />
    <ChooseProSection />
  </div>
);

export const FeedbackCancelRoute = () => (
  <div className="page" data-testid="page-feedback-cancel">
    <PageHeader title="Payment Cancelled" subtitle="No payment was taken." />
    <ChooseProSection />
  </div>
);
