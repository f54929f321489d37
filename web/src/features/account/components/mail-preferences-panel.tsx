import { useState } from 'react';
import { MAIL_KIND_LABELS, MAIL_KINDS, type MailKind, type MailPreferences } from '@shared/mail-preferences';
import { Alert } from '@/components/alert';
import { Panel } from '@/components/panel';
import { errorMessage } from '@/lib/errors';
import { useSaveMailPreferences } from '@/features/account/api/account';

/**
 * Which e-mails come, one switch per kind, each saved as it is changed (the server honours them: an e-mail
 * of a kind turned off is not sent). E-mails about the account itself always come.
 */
export function MailPreferencesPanel({ preferences }: { preferences: MailPreferences }) {
  const save = useSaveMailPreferences();
  const [saved, setSaved] = useState<{ kind: MailKind; on: boolean } | null>(null);
  const change = (kind: MailKind, on: boolean) => {
    setSaved(null);
    save.mutate({ [kind]: on }, { onSuccess: (user) => setSaved({ kind, on: user.mailPreferences[kind] }) });
  };
  return (
    <Panel title="E-mails" titleId="account-mail-title" testId="account-mail">
      <p className="muted small">Choose what Snip e-mails you about. E-mails about your account and its security always come.</p>
      <ul className="account-switches">
        {MAIL_KINDS.map((kind) => (
          <li key={kind} className="account-switch">
            <input
              id={`mail-pref-${kind}`}
              type="checkbox"
              checked={preferences[kind]}
              // Not disabled while a choice is saved: a keyboard user keeps their place in the list.
              aria-disabled={save.isPending || undefined}
              onChange={(e) => !save.isPending && change(kind, e.target.checked)}
              aria-describedby={`mail-hint-${kind}`}
              data-testid={`mail-pref-${kind}`}
            />
            <span>
              <label className="account-switch-label" htmlFor={`mail-pref-${kind}`}>
                {MAIL_KIND_LABELS[kind].label}
              </label>
              <span className="muted small" id={`mail-hint-${kind}`}>
                {MAIL_KIND_LABELS[kind].hint}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <p className="muted small" role="status" data-testid="mail-pref-status">
        {saved && `Saved: ${MAIL_KIND_LABELS[saved.kind].label} ${saved.on ? 'on' : 'off'}.`}
      </p>
      {save.isError && <Alert tone="error">{errorMessage(save.error, 'Your choice could not be saved. Please try again.')}</Alert>}
    </Panel>
  );
}
