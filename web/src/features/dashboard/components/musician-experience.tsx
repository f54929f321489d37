import type { ReactNode } from 'react';
import type { UserView } from '@shared/schemas/users';
import { Alert } from '@/components/alert';
import { PageHeader } from '@/components/page-header';
import { JourneyToPro } from './journey-to-pro';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The musicians' home view: the user's tracks (`tracks`), the feedback hub (`hub`) and Your Journey to Pro. */
export function MusicianExperience({ user, tracks, hub }: { user: UserView; tracks?: ReactNode; hub?: ReactNode }) {
  return (
    <div className="page" data-testid="musician-experience">
      <PageHeader title="Musician Experience" subtitle={user.fullName ? `Welcome back, ${firstName(user.fullName)}.` : 'Welcome back.'} />
      {user.proApplication === 'pending' && (
        <Alert tone="info" title="Your application to review as a pro is with our team" testId="pro-application-pending">
          We will e-mail you when it is decided. Meanwhile, Snip works for you as it does for every musician.
        </Alert>
      )}
      {tracks}
      {hub}
      <JourneyToPro />
    </div>
  );
}
