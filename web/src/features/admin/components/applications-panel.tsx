import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ProApplicationView } from '@shared/schemas/profile';
import { Alert, AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { EmailAddress } from '@/components/email-address';
import { Facts } from '@/components/facts';
import { Panel } from '@/components/panel';
import { TextAreaField } from '@/components/text-field';
import { ApiError } from '@/lib/api';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/errors';
import { useDecideApplication, usePendingApplications, type Decision } from '@/features/admin/api/admin';
import {
  ALREADY_DECIDED,
  costRangeLine,
  displayName,
  featuredLinks,
  REASON_MIN,
  REASON_REQUIRED,
  yearsLine,
} from '@/features/admin/utils/format';
import { AdminEditor } from './admin-editor';
import { AdminList, listTexts } from './admin-list';
import '@/features/admin/admin.css';

type Message = { tone: 'success' | 'error'; text: string };

const LIST = listTexts('applications', ['the applications', 'applications'], 'No pending applications');

/**
 * Pro applications: the musicians waiting to review as pros, each with what they sent, Approve and
 * Decline (with a reason the applicant is e-mailed). A decision, or news that another admin decided
 * first, reloads this queue and the user list.
 */
export function ApplicationsPanel() {
  const headingId = useId();
  const apps = usePendingApplications();
  const [message, setMessage] = useState<Message | null>(null);
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

function ApplicationItem({ app, onMessage }: { app: ProApplicationView; onMessage: (m: Message) => void }) {
  const nameId = useId();
  const decide = useDecideApplication();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  // Decided here: the buttons stay off until the reloaded list drops the application.
  const [decided, setDecided] = useState(false);
  const itemRef = useRef<HTMLLIElement>(null);
  const wasDeclining = useRef(false);

  const name = displayName(app.fullName);
  const links = featuredLinks(app.featuredTrack);
  const busy = decide.isPending || decided;

  useEffect(() => {
    // Back from the reason form: the keyboard returns to Decline.
    if (!declining && wasDeclining.current) itemRef.current?.querySelector<HTMLButtonElement>('[data-decline]')?.focus();
    wasDeclining.current = declining;
  }, [declining]);

  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'application_decided') {
      onMessage({ tone: 'error', text: ALREADY_DECIDED });
      return;
    }
    setError(errorMessage(err, 'Could not save the decision. Please try again.'));
  };

  // mutateAsync, not mutate's callbacks: those are skipped once the reloaded list has dropped this item.
  const send = async (input: Decision, done: string) => {
    setError(null);
    try {
      await decide.mutateAsync(input);
      setDecided(true);
      onMessage({ tone: 'success', text: done });
    } catch (err) {
      onError(err);
    }
  };

  const approve = () => {
    if (busy) return;
    void send({ id: app.userId, decision: 'approve' }, `Approved: ${name} is now a pro.`);
  };

  const submitDecline = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const text = reason.trim();
    if (text.length < REASON_MIN) {
      setReasonError(REASON_REQUIRED);
      (e.currentTarget as HTMLFormElement).querySelector('textarea')?.focus();
      return;
    }
    void send({ id: app.userId, decision: 'decline', reason: text }, `Declined: ${name} will get your reason by e-mail.`);
  };

  const cancel = () => {
    setDeclining(false);
    setReason('');
    setReasonError(undefined);
    setError(null);
  };

  return (
    <li
      ref={itemRef}
      className="admin-application"
      aria-labelledby={nameId}
      data-testid="application"
      data-user-id={app.userId}
      data-user-email={app.email}
    >
      <div className="admin-application-head">
        <div className="admin-application-who">
          <h3 className="admin-application-name" id={nameId} data-testid="application-name">
            {name}
          </h3>
          <EmailAddress email={app.email} className="admin-user-email muted small" testId="application-email" />
        </div>
        <p className="muted small" data-testid="application-submitted">
          Submitted <time dateTime={app.submittedAt}>{formatDate(app.submittedAt)}</time>
        </p>
      </div>

      <Facts
        className="admin-application-facts"
        facts={[
          { label: 'Genres', value: app.genres.join(', ') || 'None', testId: 'application-genres' },
          { label: 'Cost range', value: costRangeLine(app.costRange), testId: 'application-cost' },
          { label: 'Experience', value: yearsLine(app.experience), testId: 'application-experience' },
          {
            label: 'Credits',
            value: app.credits.trim() || <span className="muted">None given</span>,
            testId: 'application-credits',
            className: 'is-wide',
            valueClassName: 'admin-application-credits',
          },
          { label: 'Featured tracks', value: <FeaturedLinks links={links} />, testId: 'application-tracks', className: 'is-wide' },
        ]}
      />

      {declining ? (
        <AdminEditor
          className="admin-editor admin-decline"
          label={`Decline ${name}`}
          testId="decline-form"
          onSubmit={submitDecline}
          onCancel={cancel}
          saving={decide.isPending}
          cancelDisabled={busy}
          submitLabel="Decline"
          submitVariant="danger"
          submitDisabled={decided}
        >
          <div className="admin-decline-field">
            <TextAreaField
              name="decline-reason"
              label="Reason for declining"
              hint="The applicant receives it by e-mail."
              value={reason}
              rows={3}
              maxLength={1000}
              required
              autoFocus
              onChange={(v) => {
                setReason(v);
                setReasonError(undefined);
              }}
              error={reasonError}
            />
          </div>
        </AdminEditor>
      ) : (
        <div className="admin-application-actions">
          <Button className="btn-sm" aria-describedby={nameId} busy={decide.isPending} busyText="..." disabled={decided} onClick={approve}>
            Approve
          </Button>
          <Button
            data-decline=""
            variant="secondary"
            className="btn-sm"
            aria-describedby={nameId}
            disabled={busy}
            onClick={() => {
              setError(null);
              setDeclining(true);
            }}
          >
            Decline
          </Button>
        </div>
      )}
      <AlertIf message={error} testId="application-error" />
    </li>
  );
}

/** The applicant's featured tracks as links (each opening in a new tab), or 'None given'. */
function FeaturedLinks({ links }: { links: string[] }) {
  if (links.length === 0) return <span className="muted">None given</span>;
  return (
    <ul className="admin-application-links">
      {links.map((href) => (
        <li key={href}>
          <a href={href} target="_blank" rel="noopener noreferrer">
            {href}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
