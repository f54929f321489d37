import { useEffect, useId, useRef, useState } from 'react';
import type { ProApplicationView } from '@shared/schemas/profile';
import { Alert, AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { Panel } from '@/components/panel';
import { usePendingApplications } from '@/features/admin/api/admin';
import { useApplicationDecision, type DecisionMessage } from '@/features/admin/hooks/use-application-decision';
import { displayName } from '@/features/admin/utils/format';
import { AdminList, listTexts } from './admin-list';
import { ApplicationDeclineForm } from './application-decline-form';
import { ApplicationDetails } from './application-details';
import { ReasonToggle } from './reason-toggle';
import '@/features/admin/admin.css';

const LIST = listTexts('applications', ['the applications', 'applications'], 'No pending applications');

/**
 * Pro applications: the musicians waiting to review as pros, each with what they sent, Approve, Approve as
 * World-Class (vetted at once, with a reason: their credits to start with) and Decline (with a reason the
 * applicant is e-mailed). A decision, or news that another admin decided
 * first, reloads this queue and the user list.
 */
export function ApplicationsPanel() {
  const headingId = useId();
  const apps = usePendingApplications();
  const [message, setMessage] = useState<DecisionMessage | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const list = apps.data?.pages.flatMap((p) => p.applications) ?? [];

  useEffect(() => {
    // The decided application leaves the list: the keyboard goes to what the decision says.
    if (message) messageRef.current?.focus();
  }, [message]);

  return (
    <Panel title="Pro applications" titleId={headingId} className="admin-applications" testId="applications-panel" headed>
      <p className="panel-text">Musicians asking to review as pros. Approving makes them a pro at once; either way they get an e-mail.</p>
      {message && (
        <div ref={messageRef} tabIndex={-1} className="admin-message">
          <Alert tone={message.tone} testId="applications-message">
            {message.text}
          </Alert>
        </div>
      )}
      <AdminList pages={apps} items={list} {...LIST}>
        {() => (
          <ul className="admin-application-list" aria-labelledby={headingId} data-testid="application-list">
            {list.map((a) => (
              <ApplicationItem key={a.userId} app={a} onMessage={setMessage} />
            ))}
          </ul>
        )}
      </AdminList>
    </Panel>
  );
}

function ApplicationItem({ app, onMessage }: { app: ProApplicationView; onMessage: (m: DecisionMessage) => void }) {
  const nameId = useId();
  const name = displayName(app.fullName);
  const decision = useApplicationDecision(app, name, onMessage);
  const [declining, setDeclining] = useState(false);
  const itemRef = useRef<HTMLLIElement>(null);
  const wasDeclining = useRef(false);

  useEffect(() => {
    // Back from the reason form: the keyboard returns to Decline.
    if (!declining && wasDeclining.current) itemRef.current?.querySelector<HTMLButtonElement>('[data-decline]')?.focus();
    wasDeclining.current = declining;
  }, [declining]);

  return (
    <li
      ref={itemRef}
      className="admin-application"
      aria-labelledby={nameId}
      data-testid="application"
      data-user-id={app.userId}
      data-user-email={app.email}
    >
      <ApplicationDetails app={app} name={name} nameId={nameId} />

      {declining ? (
        <ApplicationDeclineForm
          name={name}
          busy={decision.busy}
          saving={decision.saving}
          decided={decision.decided}
          onDecline={decision.decline}
          onCancel={() => {
            setDeclining(false);
            decision.clearError();
          }}
        />
      ) : (
        <div className="admin-application-actions">
          <Button
            className="btn-sm"
            aria-describedby={nameId}
            busy={decision.saving}
            busyText="..."
            disabled={decision.decided}
            onClick={decision.approve}
          >
            Approve
          </Button>
          <ReasonToggle
            id={app.userId}
            describedBy={nameId}
            button="Approve as World-Class"
            buttonTestId="approve-world-class"
            title={`Approve ${name} as World-Class?`}
            description="They become a pro at once, vetted by Snip as World-Class: they may ask the World-Class price, and your reason shows on their profile."
            confirm="Approve as World-Class"
            tone="primary"
            reasonLabel="Why (their credits, say)"
            reasonTestId="world-class-reason"
            initialReason={app.credits.slice(0, 300)}
            disabled={decision.busy}
            saving={decision.mutation}
            onConfirm={decision.approveWorldClass}
            testId="approve-world-class-dialog"
          />
          <Button
            data-decline=""
            variant="secondary"
            className="btn-sm"
            aria-describedby={nameId}
            disabled={decision.busy}
            onClick={() => {
              decision.clearError();
              setDeclining(true);
            }}
          >
            Decline
          </Button>
        </div>
      )}
      <AlertIf message={decision.error} testId="application-error" />
    </li>
  );
}
