import type { ReactNode } from 'react';
import type { UserView } from '@shared/schemas/users';
import { Alert } from '@/components/alert';
import { PageHeader } from '@/components/page-header';
import { greeting } from '@/features/dashboard/utils/greeting';
import { JourneyToPro } from './journey-to-pro';

/** The musicians' home view: the user's tracks (`tracks`), the feedback hub (`hub`) and Your Journey to Pro. */
export function MusicianExperience({ user, tracks, hub }: { user: UserView; tracks?: ReactNode; hub?: ReactNode }) {
  return (
    <div className="page" data-testid="musician-experience">
      <PageHeader title="Musician Experience" subtitle={greeting(user)} />
      {user.proApplication === 'pending' && (
        <Alert tone="info" title="Your application to review as a pro is with our team" testId="pro-application-pending">
          We will e-mail you when it is decided. Meanwhile, Snip works for you as it does for every musician.
        </Alert>
      )}
      {tracks}
      {hub}
      <JourneyToPro application={user.proApplication} />
    </div>
  );
}
