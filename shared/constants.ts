/** Business constants of the product specification (section 9). */
export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_RESET_REDIRECT_MS = 3000;
export const API_TIMEOUT_MS = 60_000;
export const SIGNED_URL_TTL_SECONDS = 3600;
export const MIN_GENRES = 1;

export const COST_RANGE = { min: 0, max: 200, step: 1, defaultMin: 50, defaultMax: 150 } as const;
export const EXPERIENCE_YEARS = { min: 1, max: 30, step: 1, default: 1 } as const;

export const USERNAME_BASE_LENGTH = 15;
export const USERNAME_SUFFIX = { min: 1000, max: 9999 } as const;

/** Session refresh: a tick about every 30 s, refresh when 3 or fewer ticks remain. */
export const SESSION_TICK_MS = 30_000;
export const SESSION_REFRESH_TICKS = 3;
export const REFRESH_BACKOFF_START_MS = 200;

export const USER_TYPES = ['musician', 'pro'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const ADMIN_GROUP = 'admin';

/** Feedback tiers (prices in dollars). */
export const FEEDBACK_TIERS = [
  { key: 'peer', label: 'Free peer feedback', price: 0 },
  { key: 'pro', label: 'Snip Pro', price: 15 },
  { key: 'choose-pro', label: 'Choose Your Pro', price: 30 },
  { key: 'world-class', label: 'World-Class DJs & Producers', price: 90 },
] as const;

/** The World-Class tier's price, which only a pro an admin has vetted as World-Class may ask. */
export const WORLD_CLASS_CENTS = FEEDBACK_TIERS.find((t) => t.key === 'world-class')!.price * 100;

export const AVAILABILITY_OPTIONS = ['1-3 sessions/week', '4-7 sessions/week', '7+ sessions/week'] as const;
export const RESPONSE_TIME_OPTIONS = ['Within 3 days', 'Within 7 days', 'Within 10 days'] as const;
export const MENTORSHIP_STYLES = ['technical', 'creative', 'holistic'] as const;

/** The path under which the CDN (and the local web server) serves the public images bucket's objects. */
export const IMAGES_PATH = 'images';

/** Tracks and audio (sections 2, 7 and 9). */
export const MAX_TRACK_BYTES = 200 * 1024 * 1024;
/** Browsers upload here only; processed audio lives under `audio/`, which no upload policy can target. */
export const UPLOADS_PREFIX = 'uploads/';
/**
 * A track measured before reports, asked for its report, is measured by processing: a marker object under
 * this prefix (no upload can be written there: upload keys have three parts) brings it to the queue.
 */
export const REMEASURE_PREFIX = `${UPLOADS_PREFIX}remeasure/`;
/** A ready track's codec previews are asked for by a marker under this prefix (functions/tracks/codec-previews.ts). */
export const PREVIEW_PREFIX = `${UPLOADS_PREFIX}previews/`;
/**
 * Reference tracks a musician attaches to a request (functions/tracks/references.ts): uploaded under
 * `uploads/references/<request>/<reference>/<file>`, kept under `references/` while the request is open. They
 * count in no plan's quota, so each is held to less than a track.
 */
export const REFERENCES = {
  perRequest: 3,
  maxBytes: 100 * 1024 * 1024,
  maxSeconds: 10 * 60,
  uploadPrefix: `${UPLOADS_PREFIX}references/`,
  audioPrefix: 'references/',
} as const;
/**
 * Tracks up to this long get codec previews: each profile's run encodes and decodes the whole track (about
 * 2.3 s of CPU a minute for the dearest, Opus), well within the processing function's 15 minutes.
 */
export const MAX_PREVIEW_SECONDS = 30 * 60;
/** A track's missing codec previews are asked for at most this often (a run that failed is tried again after it). */
export const PREVIEWS_ASK_AGAIN_MS = 60 * 60_000;
export const MAX_TRACK_SECONDS = 4 * 60 * 60;
export const PEAKS_COUNT = 1000;
/**
 * Uploads wait in a queue for the processing function (infra/constructs/processing.ts; locally
 * scripts/dev/emulators/processing.ts): at most `maxConcurrency` runs at once (each up to 3 GB for 15 minutes), so
 * a burst of uploads waits its turn instead of taking the account's concurrency; a message is received at
 * most `maxReceiveCount` times (a run and two retries), then goes to the dead-letter queue. The runs are
 * shared between accounts: one account's uploads run `perUser` at a time, the next put back on the queue
 * for `deferSeconds` (functions/tracks/processing-slots.ts), so that one account's burst always leaves
 * runs to everyone else; a run holds its place at most `slotSeconds` (the function's timeout). A short
 * wait: an album dropped at once still finishes in a few rounds.
 */
export const PROCESSING_QUEUE = { maxConcurrency: 5, maxReceiveCount: 3, perUser: 3, deferSeconds: 3, slotSeconds: 15 * 60 } as const;
/**
 * A track still processing this long after registration is failed: in AWS each of its three receives runs
 * for at most 15 minutes and comes back 20 minutes after it began, so the last ends within the hour.
 */
export const PROCESSING_DEADLINE_MS = 60 * 60 * 1000;
/** Why such a track is failed (shown to its owner). */
export const PROCESSING_STALLED_ERROR = 'Processing did not finish.';
export const AUDIO_FILE_ERROR = 'Please upload an audio file';
/** Spec section 8: paying without a signed-in user. */
export const USER_NOT_AUTHENTICATED = 'User not authenticated';
/** Spec section 8: adding feedback (a review or a comment on it) without a current user. */
export const USER_NOT_FOUND = 'User not found';

/** Who the other side of a request sees once its author or reviewer deleted their account, and the author's track. */
export const DELETED_USER = 'Deleted user';
export const DELETED_TRACK = 'Deleted track';
export const UPLOAD_FAILED_ERROR = 'Failed to upload track';
export const LOAD_AUDIO_ERROR = 'Failed to load audio';
export const SNIPPET = { defaultStart: 0, defaultEnd: 30, minGap: 1 } as const;
export const NEW_TRACK_WINDOW_MS = 300_000;
export const PLAYER_SKIP_SECONDS = 10;
/** A comment marker counts as hovered while the playhead is this close to it (spec section 9). */
export const COMMENT_MARKER_HOVER_SECONDS = 2;
export const MAX_BULK_DELETE = 100;
/** The most versions a track keeps, v1 included. */
export const MAX_VERSIONS = 10;

/** The tag an upload carries until it is registered as a track; the media bucket expires tagged objects. */
export const UNCLAIMED_UPLOAD_TAG = { key: 'upload', value: 'unclaimed', expireAfterDays: 1 } as const;

/**
 * How many requests one track can have, and comments one request: each is listed by id on one item
 * (the track, the request's link) so a deletion needs no query, and an item holds at most 400 KB.
 */
export const MAX_SHARES_PER_TRACK = 1000;
export const MAX_COMMENTS_PER_SHARE = 1000;

/**
 * Error reporting (spec: 100% of traces, 10% of sessions, 100% of sessions with errors). A session is
 * a browser tab's visit; one in which an error happens is kept from its start (what came before the
 * error is held, up to `heldEvents`, and sent with it). Reports go to `POST /telemetry` in batches.
 */
export const TELEMETRY = {
  traceSampleRate: 1,
  sessionSampleRate: 0.1,
  errorSessionSampleRate: 1,
  heldEvents: 100,
  maxBatch: 50,
  /** Under the API's 64 KB body limit, whatever the events' stacks weigh. */
  maxBatchBytes: 48 * 1024,
  flushEveryMs: 5_000,
  /** The header naming one API request everywhere: the browser's report, the function's logs, the answer. */
  correlationHeader: 'x-correlation-id',
} as const;
