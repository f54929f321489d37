import type { UserView } from '../../../../../shared/schemas/users';
import { PageHeader } from '../../../components/page-header';
import { JourneyToPro } from './journey-to-pro';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The musicians' home view. Uploads, tracks and the feedback hub are added by later work. */
export function MusicianExperience({ user }: { user: UserView }) {
  return (
    <div className="page" data-testid="musician-experience">
      <PageHeader
        title="Musician Experience"
        subtitle={user.fullName ? `Welcome back, ${firstName(user.fullName)}.` : 'Welcome back.'}
      />
      <JourneyToPro />
    </div>
  );
}
