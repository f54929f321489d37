/** What the web's unit tests feed the screens: the API's views with plausible values, and the app's configuration. */
import type { AdminUserView } from '../../../shared/schemas/admin';
import type { UserCard } from '../../../shared/schemas/directory';
import type { CommentView, ShareView } from '../../../shared/schemas/shares';
import type { TrackStackView, TrackView } from '../../../shared/schemas/tracks';
import type { UserView } from '../../../shared/schemas/users';
import { mailPreferences } from '../../../shared/mail-preferences';
import { PROFILE_FIELDS } from '../../../web/src/features/profile/utils/profile-form';
import { setRuntimeConfig, type RuntimeConfig } from '../../../web/src/lib/runtime-config';

/** The app's configuration in tests: the local mode unless said, a made-up API and user pool. */
export const testRuntime = (mode: RuntimeConfig['mode'] = 'local', over: Partial<RuntimeConfig> = {}) =>
  setRuntimeConfig({ mode, region: 'us-east-1', apiUrl: 'http://api.test', userPoolId: 'pool', userPoolClientId: 'client', ...over });

/** What a new account has not filled in: the profile form's fields but the names, and the pro's and the pictures. */
const UNSET = [
  ...PROFILE_FIELDS.filter((key) => key !== 'fullName' && key !== 'username'),
  ...(['costRange', 'experience', 'feedbackPriceCents', 'website', 'profileImage', 'coverImage', 'proApplication'] as const),
];

/** The signed-in user as the API returns them: Mia, a musician who has onboarded, unless `over` says otherwise. */
export const userView = (over: Partial<UserView> = {}): UserView => ({
  ...(Object.fromEntries(UNSET.map((key) => [key, null])) as { [K in (typeof UNSET)[number]]: null }),
  id: 'mia',
  email: 'mia@example.test',
  fullName: 'Mia Musician',
  username: 'mia',
  type: 'musician',
  typeChosen: true,
  isAdmin: false,
  genres: ['House'],
  freeRechecks: false,
  worldClass: null,
  takesPoolWork: false,
  focusAreas: [],
  balanceCents: 0,
  socialMedia: [],
  mailPreferences: mailPreferences(undefined),
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** A user as the admin's list shows them: a musician unless `over` says otherwise. */
export const adminUser = (over: Partial<AdminUserView>): AdminUserView => ({
  id: 'u1',
  email: 'someone@example.test',
  fullName: 'Someone',
  username: 'someone',
  type: 'musician',
  feedbackPriceCents: null,
  balanceCents: 0,
  payoutsHeld: null,
  worldClass: null,
  profileImage: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** A user as the search and the pro cards show them: Quinn, a pro giving free feedback, unless `over` says otherwise. */
export const userCard = (over: Partial<UserCard> = {}): UserCard => ({
  id: 'p1',
  fullName: 'Quinn Peer',
  username: 'quinnpeer',
  type: 'pro',
  bio: 'Songwriter who gives free, honest feedback.',
  genres: ['Indie Rock', 'Indie Folk', 'Singer-Songwriter'],
  feedbackPriceCents: null,
  freeRechecks: false,
  worldClass: null,
  profileImage: null,
  availability: null,
  responseTime: null,
  keyCredits: null,
  featuredTrack: null,
  socialMedia: [],
  website: null,
  ...over,
});

/** Stored peaks of a flat waveform. */
export const PEAKS = Buffer.from(new Uint8Array(1000).fill(128)).toString('base64');

/** A request Mia (m1) made of Quinn (p1) on 'Night Drive', accepted, unless `over` says otherwise. */
export const shareView = (over: Partial<ShareView> = {}): ShareView => ({
  id: 's1',
  trackId: 't1',
  trackTitle: 'Night Drive',
  trackAudioUrl: 'audio/m1/night.mp3',
  trackDuration: 60,
  trackPeaks: PEAKS,
  sharedByUserId: 'm1',
  sharedWithUserId: 'p1',
  sharedByName: 'Mia Musician',
  sharedByUsername: 'mia',
  sharedWithName: 'Quinn Peer',
  sharedWithUsername: 'quinnpeer',
  status: 'accepted',
  shareOptions: {
    feedbackNotes: 'Does the chorus hit?',
    context: 'mix_check',
    referenceTrack: '',
    categories: [],
    mixingMastering: true,
    compositionArrangement: true,
    vocalsLyrics: true,
    energyImpact: true,
    feedbackType: 'peer',
  },
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  ...over,
});

/** Quinn's comment `id` on share s1, at `timestamp` (null: general). */
export const commentView = (id: string, timestamp: number | null, over: Partial<CommentView> = {}): CommentView => ({
  id,
  shareId: 's1',
  trackId: 't1',
  userId: 'p1',
  authorName: 'Quinn Peer',
  timestamp,
  text: `Comment ${id}`,
  tags: [],
  createdAt: `2026-01-05T10:00:0${id.length}.000Z`,
  updatedAt: '2026-01-05T10:00:00.000Z',
  ...over,
});

/** A track of u1's, ready, uploaded a minute ago (a fresh id each time unless `over` gives one). */
export const trackView = (over: Partial<TrackView> = {}): TrackView => ({
  id: crypto.randomUUID(),
  title: 'Night Drive',
  artist: null,
  userId: 'u1',
  status: 'ready',
  failureReason: null,
  audioUrl: 'audio/u1/1_night.mp3',
  duration: 187.4,
  sizeBytes: 1000,
  contentType: 'audio/mpeg',
  peaks: PEAKS,
  report: null,
  version: 1,
  stackId: null,
  snippet: { start: 0, end: 30 },
  isShared: false,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  updatedAt: new Date(Date.now() - 60_000).toISOString(),
  ...over,
});

/** A listed track (a stack): the track with its later versions (none unless `versions` gives them). */
export const trackStack = (over: Partial<TrackStackView> = {}): TrackStackView => ({ ...trackView(over), versions: [], ...over });

/** An unsigned JWT with these claims (the client only reads them; the server checks signatures). */
export const unsignedJwt = (claims: Record<string, unknown>) => `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

/**
 * Stores a session as Amplify stores it for `testRuntime`'s client, an ID token for these claims and an
 * access token, both good for `seconds`; returns the ID token. The app reads it without Amplify (lib/stored-session.ts).
 */
export function storeSession(claims: Record<string, unknown>, seconds = 3600, clientId = 'client'): string {
  const exp = Math.floor(Date.now() / 1000) + seconds;
  const user = 'stored-user';
  const idToken = unsignedJwt({ ...claims, exp });
  const key = (kind: string) => `CognitoIdentityServiceProvider.${clientId}.${user}.${kind}`;
  localStorage.setItem(`CognitoIdentityServiceProvider.${clientId}.LastAuthUser`, user);
  localStorage.setItem(key('idToken'), idToken);
  localStorage.setItem(key('accessToken'), unsignedJwt({ sub: claims.sub, exp }));
  return idToken;
}
