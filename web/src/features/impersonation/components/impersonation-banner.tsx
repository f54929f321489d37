import { useLayoutEffect, useRef } from 'react';
import { EmailAddress } from '@/components/email-address';
import { stopImpersonating, type ImpersonationState } from '@/features/impersonation/state';
import '@/features/impersonation/impersonation.css';

/** The name the banner shows: the full name, else 'No Name' (as the admin's user list says). */
export const impersonatedName = (fullName: string) => fullName.trim() || 'No Name';

/**
 * 'Impersonating: {name} ({email})' with 'Stop Impersonating', pinned to the top of every page while an
 * admin acts as a user. Its height is published as --impersonation-bar so that the fixed sidebar starts
 * below it and whatever focus scrolls into view is not hidden under it.
 */
export function ImpersonationBanner({ state, onStop = stopImpersonating }: { state: ImpersonationState; onStop?: () => void }) {
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const root = document.documentElement;
    const el = ref.current;
    root.classList.add('is-impersonating');
    const publish = () => root.style.setProperty('--impersonation-bar', `${el?.offsetHeight ?? 0}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    if (el) observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.classList.remove('is-impersonating');
      root.style.removeProperty('--impersonation-bar');
    };
  }, []);

  return (
    <div ref={ref} className="impersonation-banner" role="status" data-testid="impersonation-banner">
      <p className="impersonation-text" data-testid="impersonation-text">
        Impersonating: <strong>{impersonatedName(state.user.fullName)}</strong>{' '}
        <EmailAddress email={state.user.email} before="(" after=")" testId="impersonation-email" />
      </p>
      <button type="button" className="btn btn-sm impersonation-stop" onClick={onStop} data-testid="stop-impersonating">
        Stop Impersonating
      </button>
    </div>
  );
}
