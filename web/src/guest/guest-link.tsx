import { useCallback, type ReactNode } from 'react';

/**
 * Renders the full app in place of a guest page at the then current URL; should its chunk not arrive, the
 * browser loads the page afresh there (where the app starts at once).
 */
export function useEnterApp(bootApp: () => Promise<void>) {
  return useCallback(() => bootApp().catch(() => window.location.reload()), [bootApp]);
}

/** A link out of a guest page: a plain click moves to `to` and enters the app there; others open as links do. */
export function GuestLink({
  to,
  className,
  children,
  enterApp,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  enterApp: () => void;
}) {
  return (
    <a
      href={to}
      className={className}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        window.history.pushState(null, '', to);
        enterApp();
      }}
    >
      {children}
    </a>
  );
}
