import type { ReactNode } from 'react';
import { LogoMark } from './logo-mark';

/** The top of a page outside the app's navigation (the guest pages, onboarding): the brand, then the page's own actions. */
export function BrandHeader({ className, children }: { className: string; children: ReactNode }) {
  return (
    <header className={className}>
      <span className="brand">
        <LogoMark />
        <span>Snip</span>
      </span>
      {children}
    </header>
  );
}
