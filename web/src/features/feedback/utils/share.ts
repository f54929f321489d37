import { CLOSED_STATUSES, CONTEXT_CHOICES, TRACK_PURPOSES, type ShareStatus } from '@shared/feedback';

/** Badge colours of spec section 4: accepted green, pending yellow, declined red, anything else grey. */
export function statusTone(status: string): 'green' | 'yellow' | 'red' | 'grey' {
  switch (status) {
    case 'accepted':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'declined':
      return 'red';
    default:
      return 'grey';
  }
}

export const statusLabel = (status: ShareStatus | string) => status.charAt(0).toUpperCase() + status.slice(1);

export const contextLabel = (value: string | undefined) => CONTEXT_CHOICES.find((c) => c.value === value)?.label ?? value ?? '';
export const purposeLabel = (value: string | undefined) => TRACK_PURPOSES.find((p) => p.value === value)?.label ?? value ?? '';

/**
 * Whether a participant may write comments now (the server's rule): the reviewer once they accepted,
 * and after submitting to answer questions; the musician who asked at any time short of a decline, so
 * that they can ask for clarification on the feedback they got.
 */
export const isOpenForComments = (status: ShareStatus, isAuthor: boolean) =>
  isAuthor ? !CLOSED_STATUSES.includes(status) : status === 'accepted' || status === 'completed';

/** Whether the viewer may still edit or delete their own comments (a submitted review is frozen). */
export const canChangeComments = (status: ShareStatus, isAuthor: boolean) =>
  isAuthor ? !CLOSED_STATUSES.includes(status) : status === 'accepted';

/** Who is looking: their id and type decide roles, placeholders and the rating form. */
export interface Viewer {
  id: string;
  type: 'musician' | 'pro' | 'admin';
}
