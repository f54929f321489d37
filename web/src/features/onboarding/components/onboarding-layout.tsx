import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { BrandHeader } from '@/components/brand-header';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';

/** The frame of the onboarding steps (no navigation bars): brand, step indicator and sign-out. */
export function OnboardingLayout({ step, children }: { step: 1 | 2; children: ReactNode }) {
  const auth = useAuth();
  const navigate = useNavigate();
  return (
    <div className="onboarding-page">
      <BrandHeader className="onboarding-top">
        <p className="onboarding-step" aria-label={`Step ${step} of 2`}>
          <span className={step >= 1 ? 'is-done' : ''} />
          <span className={step >= 2 ? 'is-done' : ''} />
          Step {step} of 2
        </p>
        <button type="button" className="link-button" onClick={() => void auth.logout(() => navigate(paths.landing, { replace: true }))}>
          Sign out
        </button>
      </BrandHeader>
      <main className="onboarding-main">{children}</main>
    </div>
  );
}
