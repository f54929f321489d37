import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { HeadphonesIcon, MicIcon } from '@/components/icons-extra';
import { errorMessage } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { useChooseType } from '@/features/onboarding/api/onboarding';
import { OnboardingLayout } from './onboarding-layout';

const OPTIONS = [
  {
    type: 'musician' as const,
    title: 'Musician',
    text: 'Upload your tracks and get feedback from peers and pros.',
    Icon: MicIcon,
  },
  {
    type: 'pro' as const,
    title: 'Pro',
    text: 'Review tracks, share your expertise and earn from your feedback.',
    Icon: HeadphonesIcon,
  },
];

/** Type onboarding: musician or pro. */
export function TypeChoice() {
  const navigate = useNavigate();
  const chooseType = useChooseType();
  const [choice, setChoice] = useState<'musician' | 'pro'>();

  const save = () => {
    if (!choice) return;
    chooseType.mutate(choice, {
      onSuccess: () => navigate(choice === 'musician' ? paths.onboardingMusician : paths.onboardingPro, { replace: true }),
    });
  };

  return (
    <OnboardingLayout step={1}>
      <div className="onboarding-card">
        <div className="onboarding-head">
          <h1 className="page-title">How will you use Snip?</h1>
          <p className="page-subtitle">Choose your account type to get started.</p>
        </div>
        {chooseType.isError && (
          <Alert tone="error">{errorMessage(chooseType.error, 'Failed to save your choice. Please try again.')}</Alert>
        )}
        <div className="type-options" role="radiogroup" aria-label="Account type">
          {OPTIONS.map(({ type, title, text, Icon }) => (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={choice === type}
              className={`type-option${choice === type ? ' is-selected' : ''}`}
              onClick={() => setChoice(type)}
              data-testid={`type-${type}`}
            >
              <span className="type-option-icon">
                <Icon width={26} height={26} />
              </span>
              <span className="type-option-title">{title}</span>
              <span className="type-option-text">{text}</span>
            </button>
          ))}
        </div>
        <div className="onboarding-actions">
          <Button disabled={!choice} busy={chooseType.isPending} busyText="Saving..." onClick={save}>
            Continue
          </Button>
        </div>
      </div>
    </OnboardingLayout>
  );
}
