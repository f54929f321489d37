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

export const SettingsRoute = () => (
  <Placeholder title="Settings" subtitle="Billing & Plan" testId="page-settings" />
);

export const AdminUsersRoute = () => (
  <Placeholder title="Users" subtitle="Manage musicians and pros." testId="page-admin-users" />
);

export const AdminSettingsRoute = () => (
  <Placeholder title="Admin Settings" subtitle="Profit margin per feedback." testId="page-admin-settings" />
);
