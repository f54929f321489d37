import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ProApplicationView } from '@shared/schemas/profile';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { EmailAddress } from '@/components/email-address';
import { LoadingRow, QueryStates } from '@/components/query-states';
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
import '@/features/admin/admin.css';
import { LoadMore } from '@/components/load-more';

type Message = { tone: 'success' | 'error'; text: string };

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

  const body = (
    <QueryStates
      query={apps}
      keepData
      loading={<LoadingRow className="admin-loading" testId="applications-loading" />}
      failed="Failed to load the applications. Please try again."
      errorTestId="applications-error"
      retryClassName="link-button alert-action"
      isEmpty={list.length === 0}
      empty={
        <p className="admin-empty muted" data-testid="applications-empty">
          No pending applications
        </p>
      }
    >
      {() => (
        <ul className="admin-application-list" aria-labelledby={headingId} data-testid="application-list">
          {list.map((a) => (
            <ApplicationItem key={a.userId} app={a} onMessage={setMessage} />
          ))}
        </ul>
      )}
    </QueryStates>
  );

  return (
    <section className="panel admin-applications" aria-labelledby={headingId} data-testid="applications-panel">
      <div className="panel-head">
        <h2 className="panel-title" id={headingId}>
          Pro applications
        </h2>
      </div>
      <p className="panel-text">Musicians asking to review as pros. Approving makes them a pro at once; either way they get an e-mail.</p>
      {message && (
        <div ref={messageRef} tabIndex={-1} className="admin-message">
          <Alert tone={message.tone} testId="applications-message">
            {message.text}
          </Alert>
        </div>
      )}
      {body}
      <LoadMore
        pages={apps}
        failed="Could not load more applications. Please try again."
        className="admin-more"
        testId="applications-more"
      />
    </section>
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

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !busy) {
      e.preventDefault();
      cancel();
    }
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

      <dl className="admin-application-facts">
        <div>
          <dt>Genres</dt>
          <dd data-testid="application-genres">{app.genres.join(', ') || 'None'}</dd>
        </div>
        <div>
          <dt>Cost range</dt>
          <dd data-testid="application-cost">{costRangeLine(app.costRange)}</dd>
        </div>
        <div>
          <dt>Experience</dt>
          <dd data-testid="application-experience">{yearsLine(app.experience)}</dd>
        </div>
        <div className="is-wide">
          <dt>Credits</dt>
          <dd className="admin-application-credits" data-testid="application-credits">
            {app.credits.trim() || <span className="muted">None given</span>}
          </dd>
        </div>
        <div className="is-wide">
          <dt>Featured tracks</dt>
          <dd data-testid="application-tracks">
            {links.length === 0 ? (
              <span className="muted">None given</span>
            ) : (
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
            )}
          </dd>
        </div>
      </dl>

      {declining ? (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape cancels the editor from any of its fields.
        <form
          className="admin-editor admin-decline"
          onSubmit={submitDecline}
          onKeyDown={onKeyDown}
          noValidate
          aria-label={`Decline ${name}`}
          data-testid="decline-form"
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
          <div className="admin-editor-actions">
            <Button type="submit" variant="danger" className="btn-sm" busy={decide.isPending} busyText="..." disabled={decided}>
              Decline
            </Button>
            <Button variant="secondary" className="btn-sm" onClick={cancel} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
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
      {error && (
        <Alert tone="error" testId="application-error">
          {error}
        </Alert>
      )}
    </li>
  );
}
