import type { FeedbackCategoryKey } from '@shared/feedback';
import type { UserCard } from '@shared/schemas/directory';
import { POOL_REVIEWER, SNIP_PRO_POOL } from '@shared/pool';
import type { ApiInput } from '@/lib/api';

/**
 * Snip Pro as the share dialog's choice of reviewer: nobody named, Snip matches the request to the pros who
 * take pool work in its genre (shared/pool.ts). A card of its own, so the dialog's price, payment step and
 * drafts treat it as any pro with a price.
 */
export const SNIP_PRO: UserCard = {
  id: POOL_REVIEWER,
  fullName: 'Snip Pro',
  username: 'snip-pro',
  type: 'pro',
  bio: 'Snip finds your reviewer: a pro who works in your genre.',
  genres: [],
  feedbackPriceCents: SNIP_PRO_POOL.priceCents,
  freeRechecks: false,
  worldClass: null,
  profileImage: null,
  availability: null,
  responseTime: null,
  keyCredits: null,
  featuredTrack: null,
  socialMedia: [],
  website: null,
};
export const isSnipPro = (u: Pick<UserCard, 'id'> | null | undefined) => u?.id === POOL_REVIEWER;

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
  /** For Snip Pro: the main genre its reviewer is matched by. */
  genre?: string;
}

export type ShareDetailErrors = Partial<Record<'user' | 'trackId' | 'feedbackNotes' | 'context' | 'genre', string>>;

/** The checks of spec section 5: a user, a track, feedback notes and context are required; for Snip Pro, the genre. */
export function checkShareDetails(d: Pick<ShareDetails, 'user' | 'trackId' | 'feedbackNotes' | 'context' | 'genre'>): ShareDetailErrors {
  const errors: ShareDetailErrors = {};
  if (!d.user) errors.user = 'Choose who to share with';
  if (isSnipPro(d.user) && !d.genre) errors.genre = 'Choose the genre of the track';
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
    // Snip Pro's reviewer is named when a pro takes it.
    ...(isSnipPro(user) ? {} : { peerUsername: user.username }),
  };
}

export const displayName = (u: UserCard) => u.fullName.trim() || u.username;
