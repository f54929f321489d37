import { useId } from 'react';
import { EmailAddress } from '@/components/email-address';
import { Panel } from '@/components/panel';
import { useImpersonationAudit } from '@/features/admin/api/admin';
import { auditActionLabel, formatDateTime, outcomeOf } from '@/features/admin/utils/format';
import { AdminList, listTexts } from './admin-list';
import '@/features/admin/admin.css';

const LIST = listTexts('audit', ['the audit', 'entries'], 'Nothing audited yet');

/**
 * The admins' audit: every impersonation start and every write made while acting as a user, every type,
 * price or balance change, every application, report and payout hold decided and every authenticator
 * set-up or removal, newest first: when, which admin, as (or about)
 * whom, what (the action, its method and path, and for a change what it was and became) and how it ended.
 */
export function AuditPanel() {
  const headingId = useId();
  const audit = useImpersonationAudit();
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <Panel title="Admin audit" titleId={headingId} className="admin-audit-panel" testId="audit-panel">
      <p className="panel-text">
        Every impersonation started and every change made while acting as a user; every change of a user's type, price or balance (what it
        was and what it became), every pro application, report and payout hold decided, and every authenticator set up, replaced or removed;
        newest first.
      </p>
      <AdminList pages={audit} items={entries} {...LIST}>
        {() => (
          <div className="admin-audit-scroll">
            <table className="admin-audit" aria-labelledby={headingId} data-testid="audit-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Admin</th>
                  <th scope="col">As</th>
                  <th scope="col">What</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => {
                  const outcome = outcomeOf(e.status);
                  return (
                    <tr key={e.id} data-testid="audit-entry" data-action={e.action}>
                      <td data-label="When">
                        <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                      </td>
                      <td data-label="Admin" className="admin-audit-email" data-testid="audit-admin">
                        <EmailAddress email={e.adminEmail} />
                      </td>
                      <td data-label="As" className="admin-audit-email" data-testid="audit-target">
                        <EmailAddress email={e.targetEmail} />
                      </td>
                      <td data-label="What" data-testid="audit-what">
                        <div>
                          <span className="admin-audit-action">{auditActionLabel(e.action)}</span>{' '}
                          <code className="admin-audit-path">
                            {e.method} {e.path}
                          </code>
                        </div>
                        {(e.from != null || e.to != null) && (
                          <div className="admin-audit-change" data-testid="audit-change">
                            {e.from ?? 'none'} &rarr; {e.to ?? 'none'}
                          </div>
                        )}
                      </td>
                      <td data-label="Outcome">
                        <span className={`admin-outcome is-${outcome.tone}`} data-testid="audit-outcome">
                          {outcome.text}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </AdminList>
    </Panel>
  );
}
