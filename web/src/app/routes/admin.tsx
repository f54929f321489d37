import '@/styles/app.css';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminUserView } from '@shared/schemas/admin';
import { Alert } from '@/components/alert';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/lib/paths';
import { ApplicationsPanel } from '@/features/admin/components/applications-panel';
import { AuditPanel } from '@/features/admin/components/audit-panel';
import { BooksPanel, LedgerExportPanel, MoneyLinkPanel } from '@/features/admin/components/books-panel';
import { DecidedDisputesPanel, DisputesLinkPanel, DisputesPanel } from '@/features/admin/components/disputes-panel';
import { FindingsPanel } from '@/features/admin/components/findings-panel';
import { PoolHealthPanel } from '@/features/admin/components/pool-health-panel';
import { MarginPanel } from '@/features/admin/components/margin-panel';
import { StuckPayoutsPanel } from '@/features/admin/components/stuck-payouts-panel';
import { StuckRefundsPanel } from '@/features/admin/components/stuck-refunds-panel';
import { UsersPanel } from '@/features/admin/components/users-panel';
import { startImpersonation } from '@/features/impersonation/api/start';
import { useStoredImpersonation } from '@/features/impersonation/hooks/use-impersonation';
import { dismissEndedNotice, peekEndedNotice } from '@/features/impersonation/state';

const impersonate = (user: AdminUserView) => startImpersonation(user.id);

/** Why the admin is back here, when an impersonation ended on its own (read once). */
function EndedNotice() {
  const [notice] = useState(peekEndedNotice);
  useEffect(() => {
    if (notice) dismissEndedNotice();
  }, [notice]);
  return notice ? (
    <Alert tone="info" testId="impersonation-ended">
      {notice}
    </Alert>
  ) : null;
}

export const AdminUsersRoute = () => {
  const stored = useStoredImpersonation();
  return (
    <div className="page" data-testid="page-admin-users">
      <PageHeader title="Users" subtitle="Manage musicians and pros." />
      <EndedNotice />
      <ApplicationsPanel />
      <UsersPanel impersonation={{ active: stored !== null, start: impersonate }} />
    </div>
  );
};

export const AdminSettingsRoute = () => (
  <div className="page" data-testid="page-admin-settings">
    <PageHeader
      title="Admin Settings"
      subtitle="Platform settings."
      actions={
        <Link className="btn btn-ghost" to={paths.account} data-testid="admin-account-link">
          Your account
        </Link>
      }
    />
    <MarginPanel />
    <MoneyLinkPanel />
    <DisputesLinkPanel />
    <StuckRefundsPanel />
    <StuckPayoutsPanel />
    <FindingsPanel />
    <PoolHealthPanel />
    <AuditPanel />
  </div>
);

/** Reported reviews, oldest first: each refunded in full or rejected with a reason; under them, those decided. */
export const AdminDisputesRoute = () => (
  <div className="page" data-testid="page-admin-disputes">
    <PageHeader title="Disputes" subtitle="Reviews musicians reported within 7 days of delivery." />
    <DisputesPanel />
    <DecidedDisputesPanel />
  </div>
);

/** The books: money by month from the ledger, and its export. */
export const AdminMoneyRoute = () => (
  <div className="page" data-testid="page-admin-money">
    <PageHeader title="Money" subtitle="What came in, what the platform kept, what went back and out." />
    <BooksPanel />
    <LedgerExportPanel />
  </div>
);
