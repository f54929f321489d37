import type { ReactNode } from 'react';
import type { UserView } from '../../../../../shared/schemas/users';
import { PageHeader } from '../../../components/page-header';
import { JourneyToPro } from './journey-to-pro';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The musicians' home view. The user's tracks come in as `tracks`; the feedback hub is added by later work. */
export function MusicianExperience({ user, tracks }: { user: UserView; tracks?: ReactNode }) {
  return (
    <div className="page" data-testid="musician-experience">
      <PageHeader
        title="Musician Experience"
        subtitle={user.fullName ? `Welcome back, ${firstName(user.fullName)}.` : 'Welcome back.'}
      />
      {tracks}
      <JourneyToPro />
    </div>
  );
}
