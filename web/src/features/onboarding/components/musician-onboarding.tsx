import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MIN_GENRES } from '@shared/constants';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { GenrePicker } from '@/components/genre-picker';
import { paths } from '@/lib/paths';
import { useSaveGenres } from '@/features/onboarding/api/onboarding';
import { OnboardingLayout } from './onboarding-layout';

/** Label of the genre step's button: disabled prompt, busy text, or 'Continue'. */
export function genresButtonText(count: number, saving: boolean): string {
  if (saving) return 'Saving...';
  return count < MIN_GENRES ? 'Select at least one genre' : 'Continue';
}

/** Musician onboarding: 'Select Your Genres', then the dashboard. */
export function MusicianOnboarding() {
  const navigate = useNavigate();
  const saveGenres = useSaveGenres();
  const [genres, setGenres] = useState<string[]>([]);

  const save = () =>
    saveGenres.mutate(genres, {
      onSuccess: () => navigate(paths.dashboard, { replace: true }),
    });

  return (
    <OnboardingLayout step={2}>
      <div className="onboarding-card">
        {saveGenres.isError && <Alert tone="error">Failed to save genres. Please try again.</Alert>}
        <GenrePicker
          headingLevel={1}
          value={genres}
          onChange={setGenres}
          footer={
            <Button disabled={genres.length < MIN_GENRES || saveGenres.isPending} onClick={save} data-testid="genres-continue">
              {genresButtonText(genres.length, saveGenres.isPending)}
            </Button>
          }
        />
      </div>
    </OnboardingLayout>
  );
}
