import type { FeedbackCategoryKey } from '@shared/feedback';
import type { UserCard } from '@shared/schemas/directory';
import type { ApiInput } from '@/lib/api';

export interface ShareableTrack {
  id: string;
  title: string;
  /** Which version of its track (absent or 1: the track itself). */
  version?: number;
}

/** What the details step of the share dialog asks for. */
export interface ShareDetails {
  user: UserCard | null;
  trackId: string;
  feedbackNotes: string;
  context: string;
  referenceTrack: string;
  categories: FeedbackCategoryKey[];
  trackPurpose: string;
  /** No vocals or lyrics: Vocals & Lyrics is not scored. */
  instrumental: boolean;
}

export type ShareDetailErrors = Partial<Record<'user' | 'trackId' | 'feedbackNotes' | 'context', string>>;

/** The checks of spec section 5: a user, a track, feedback notes and context are required. */
export function checkShareDetails(d: Pick<ShareDetails, 'user' | 'trackId' | 'feedbackNotes' | 'context'>): ShareDetailErrors {
  const errors: ShareDetailErrors = {};
  if (!d.user) errors.user = 'Choose who to share with';
  if (!d.trackId) errors.trackId = 'Choose a track';
  if (!d.feedbackNotes.trim()) errors.feedbackNotes = 'Feedback notes are required';
  if (!d.context) errors.context = 'Context is required';
  return errors;
}

export const emptyDetails = (user: UserCard | null, trackId: string): ShareDetails => ({
  user,
  trackId,
  feedbackNotes: '',
  context: '',
  referenceTrack: '',
  categories: [],
  trackPurpose: '',
  instrumental: false,
});

/** What the request asks of the reviewer, as both the free request and the paid order carry it. */
export function shareOptionsOf(d: ShareDetails, user: UserCard): ApiInput<'createShare'>['shareOptions'] {
  const reference = d.referenceTrack.trim();
  return {
    feedbackNotes: d.feedbackNotes.trim(),
    context: d.context,
    ...(reference ? { referenceTrack: reference } : {}),
    ...(d.categories.length ? { categories: d.categories } : {}),
    ...(d.trackPurpose ? { trackPurpose: d.trackPurpose } : {}),
    ...(d.instrumental ? { vocalsLyrics: false } : {}),
    peerUsername: user.username,
  };
}

export const displayName = (u: UserCard) => u.fullName.trim() || u.username;
