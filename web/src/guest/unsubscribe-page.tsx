import { useEffect, useState } from 'react';
import { routePaths } from '@shared/api/route-paths';
import { MAIL_KIND_LABELS, MAIL_KINDS, type MailKind } from '@shared/mail-preferences';
import { paths } from '@shared/paths';
import { LogoMark } from '@/components/logo-mark';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { GuestLink, useEnterApp } from './guest-link';

type State = { step: 'saving' } | { step: 'done'; kind: MailKind; email: string } | { step: 'failed'; message: string };

const isKind = (k: string | null): k is MailKind => MAIL_KINDS.includes(k as MailKind);

/** Posts the link's token to the API, which turns its kind of e-mail off. */
async function unsubscribe(token: string, kind: MailKind): Promise<State> {
  try {
    const res = await fetch(`${getRuntimeConfig().apiUrl.replace(/\/+$/, '')}${routePaths.unsubscribe.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, kind }),
    });
    const body = (await res.json().catch(() => null)) as
      { kind: MailKind; email: string; error?: undefined } | { error: { message: string } } | null;
    if (res.ok && body && !body.error) return { step: 'done', kind: body.kind, email: body.email };
    return { step: 'failed', message: body?.error?.message ?? 'Something went wrong. Please try again.' };
  } catch {
    return { step: 'failed', message: 'Could not reach Snip. Check your connection and try again.' };
  }
}

/**
 * `/unsubscribe?token=&kind=`, an e-mail's own link: stops that kind of e-mail at once, without signing in
 * (the token is the proof, and stops its own kind only). Turning it back on takes a sign-in: the account
 * page. A guest page like the front page: the app loads only when the reader follows a link into it.
 */
export function UnsubscribePage({ bootApp }: { bootApp: () => Promise<void> }) {
  const enterApp = useEnterApp(bootApp);
  const query = new URLSearchParams(window.location.search);
  const token = query.get('token') ?? '';
  const kindParam = query.get('kind');
  const [state, setState] = useState<State>(
    token && isKind(kindParam) ? { step: 'saving' } : { step: 'failed', message: 'This unsubscribe link is incomplete.' },
  );
  useEffect(() => {
    if (token && isKind(kindParam)) void unsubscribe(token, kindParam).then(setState);
  }, [token, kindParam]);

  return (
    <div className="center-screen">
      <main className="notice-card unsubscribe" aria-live="polite">
        <LogoMark />
        {state.step === 'saving' && <h1 className="page-title">Saving your choice…</h1>}
        {state.step === 'failed' && (
          <>
            <h1 className="page-title">We could not change your e-mails</h1>
            <p className="muted">{state.message}</p>
          </>
        )}
        {state.step === 'done' && (
          <>
            <h1 className="page-title">You are unsubscribed</h1>
            <p>
              You will no longer get e-mails about {MAIL_KIND_LABELS[state.kind].about} at {state.email}.
            </p>
          </>
        )}
        <p className="muted">
          {state.step === 'done'
            ? 'Changed your mind? Turn them back on, and choose every kind of e-mail, on '
            : 'Choose every kind of e-mail on '}
          <GuestLink to={paths.account} enterApp={enterApp}>
            your account page
          </GuestLink>
          .
        </p>
      </main>
    </div>
  );
}
