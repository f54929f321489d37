import { PageHeader } from '../../components/page-header';
import { MarginPanel } from '../../features/admin/components/margin-panel';
import { UsersPanel } from '../../features/admin/components/users-panel';

export const AdminUsersRoute = () => (
  <div className="page" data-testid="page-admin-users">
    <PageHeader title="Users" subtitle="Manage musicians and pros." />
    <UsersPanel />
  </div>
);

export const AdminSettingsRoute = () => (
  <div className="page" data-testid="page-admin-settings">
    <PageHeader title="Admin Settings" subtitle="Platform settings." />
    <MarginPanel />
  </div>
);
