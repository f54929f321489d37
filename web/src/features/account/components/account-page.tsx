import { PageHeader } from '@/components/page-header';
import { useMe } from '@/lib/auth';
import { DataPanel } from './data-panel';
import { DeletePanel } from './delete-panel';
import { EmailPanel } from './email-panel';
import { MailPreferencesPanel } from './mail-preferences-panel';
import { PasswordPanel } from './password-panel';
import '@/features/account/account.css';

/** `/account`: the user's own account, for every signed-in user (admins too): e-mails, address, password, their data, leaving. */
export function AccountPage() {
  const me = useMe();
  return (
    <div className="page account-page" data-testid="page-account">
      <PageHeader title="Account" subtitle={me.data ? `Signed in as ${me.data.email}` : undefined} />
      <div className="account-grid">
        {me.data && <MailPreferencesPanel preferences={me.data.mailPreferences} />}
        <div className="account-column">
          {me.data && <EmailPanel current={me.data.email} />}
          <PasswordPanel />
        </div>
        <div className="account-column">
          <DataPanel />
          {me.data && <DeletePanel email={me.data.email} />}
        </div>
      </div>
    </div>
  );
}
