import type { ReactNode } from 'react';
import type { UserView } from '../../../../../shared/schemas/users';
import { PageHeader } from '../../../components/page-header';
import { AiFeedbackAssistant } from './ai-feedback-assistant';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The home view of pros (and everyone who is not a musician). The user's tracks come in as `tracks`; tracks to rate come with later work. */
export function ProExperience({ user, tracks }: { user: UserView; tracks?: ReactNode }) {
  return (
    <div className="page" data-testid="pro-experience">
      <PageHeader
        title="Pro Experience"
        subtitle={user.fullName ? `Welcome back, ${firstName(user.fullName)}.` : 'Welcome back.'}
      />
      {tracks}
      <AiFeedbackAssistant />
    </div>
  );
}
