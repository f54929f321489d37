import type { ReactNode } from 'react';
import { LogoMark } from '@/components/logo-mark';
import '@/features/auth/auth.css';

/** The frame of the authentication screens: a brand panel on wide screens and the form card. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="auth-page">
      <aside className="auth-hero" aria-hidden="true">
        <div className="brand brand-lg">
          <LogoMark width={36} height={36} />
          <span>Snip</span>
        </div>
        <div className="auth-hero-copy">
          <p className="auth-hero-title">Feedback that moves your music forward.</p>
          <p className="auth-hero-text">Share a track, get second-by-second notes from peers and pros, and hear the difference.</p>
        </div>
        <div className="auth-hero-wave">
          {Array.from({ length: 48 }, (_, i) => (
            <span key={i} style={{ height: `${20 + Math.round(70 * Math.abs(Math.sin(i * 0.55) * Math.cos(i * 0.17)))}%` }} />
          ))}
        </div>
      </aside>
      <main className="auth-main">
        <div className="brand auth-brand-mobile">
          <LogoMark />
          <span>Snip</span>
        </div>
        <div className={`auth-card${wide ? ' auth-card-wide' : ''}`}>{children}</div>
      </main>
    </div>
  );
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="auth-heading">
      <h1>{title}</h1>
      {subtitle && <p>{subtitle}</p>}
    </div>
  );
}
