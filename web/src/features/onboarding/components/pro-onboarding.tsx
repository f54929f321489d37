import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { COST_RANGE, EXPERIENCE_YEARS, MIN_GENRES } from '@shared/constants';
import { Button } from '@/components/button';
import { GenrePicker } from '@/components/genre-picker';
import { ProRates } from '@/components/pro-rates';
import type { Range } from '@/components/range-slider';
import { paths } from '@/lib/paths';
import { useMe } from '@/lib/auth';
import { useApplyForPro, useSaveProProfile } from '@/features/onboarding/api/onboarding';
import { OnboardingLayout } from './onboarding-layout';

/** Label of the pro profile button. */
export function proButtonText(genreCount: number, saving: boolean): string {
  if (saving) return 'Saving...';
  return genreCount < MIN_GENRES ? 'Select at least one genre' : 'Complete Profile';
}

/**
 * Pro onboarding (complete your profile): genres, cost range and years of experience. A pro (made one by
 * an admin) saves them; a musician who chose 'pro' sends them as their application, which an admin decides.
 */
export function ProOnboarding() {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const isPro = me?.type === 'pro';
  const saveProfile = useSaveProProfile();
  const apply = useApplyForPro();
  const save = isPro ? saveProfile : apply;
  const [genres, setGenres] = useState<string[]>([]);
  const [cost, setCost] = useState<Range>({ min: COST_RANGE.defaultMin, max: COST_RANGE.defaultMax });
  const [experience, setExperience] = useState<number>(EXPERIENCE_YEARS.default);

  const done = {
    onSuccess: () => navigate(paths.dashboard, { replace: true }),
    // The spec shows no message for this failure; the button becomes available again.
    onError: (err: unknown) => console.error('Saving the pro profile failed', err),
  };
  const submit = () =>
    isPro ? saveProfile.mutate({ genres, costRange: cost, experience }, done) : apply.mutate({ genres, costRange: cost, experience }, done);

  return (
    <OnboardingLayout step={2}>
      <div className="onboarding-card">
        <div className="onboarding-head">
          <h1 className="page-title">Complete Your Profile</h1>
          <p className="page-subtitle">
            {isPro
              ? 'Tell musicians what you work with, what you charge and how long you have been at it.'
              : 'Tell us what you work with, what you charge and how long you have been at it. Our team reviews every application to review as a pro; until then you use Snip as a musician.'}
          </p>
        </div>

        <GenrePicker value={genres} onChange={setGenres} />

        <ProRates
          kind="page"
          testIds={{ cost: 'cost-range', experience: 'experience' }}
          titleIds={{ cost: 'cost-title', experience: 'experience-title' }}
          cost={cost}
          onCostChange={setCost}
          experience={experience}
          onExperienceChange={setExperience}
        />

        <div className="onboarding-actions">
          <Button disabled={genres.length < MIN_GENRES || save.isPending} onClick={submit} data-testid="pro-complete">
            {proButtonText(genres.length, save.isPending)}
          </Button>
        </div>
      </div>
    </OnboardingLayout>
  );
}
