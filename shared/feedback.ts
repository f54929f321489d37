/** The feedback vocabulary of the spec (section 3): categories, criteria, purposes and contexts. */

/** Comment category tags: key, label, tag (label with a leading #, shown without it) and colour. */
export const FEEDBACK_CATEGORIES = [
  { key: 'melody', label: 'Melody', colour: '#f472b6' },
  { key: 'harmony', label: 'Harmony', colour: '#a78bfa' },
  { key: 'rhythm', label: 'Rhythm', colour: '#fb923c' },
  { key: 'instrumentation', label: 'Instrumentation', colour: '#34d399' },
  { key: 'bassline', label: 'Bassline', colour: '#60a5fa' },
  { key: 'arrangement', label: 'Arrangement', colour: '#facc15' },
  { key: 'originality', label: 'Originality', colour: '#f87171' },
  { key: 'mixing', label: 'Mixing', colour: '#22d3ee' },
  { key: 'mastering', label: 'Mastering', colour: '#c084fc' },
  { key: 'vocal', label: 'Vocal', colour: '#4ade80' },
] as const;
export type FeedbackCategoryKey = (typeof FEEDBACK_CATEGORIES)[number]['key'];
export const FEEDBACK_CATEGORY_KEYS = FEEDBACK_CATEGORIES.map((c) => c.key) as [FeedbackCategoryKey, ...FeedbackCategoryKey[]];
export const categoryTag = (label: string) => `#${label}`;
/** A comment's tags as the spec stores them: '#Melody', '#Harmony', ... */
export const FEEDBACK_CATEGORY_TAGS = FEEDBACK_CATEGORIES.map((c) => categoryTag(c.label)) as [string, ...string[]];
/** The category named by a key ('mixing') or a tag ('#Mixing'). */
export const findCategory = (keyOrTag: string) => FEEDBACK_CATEGORIES.find((c) => c.key === keyOrTag || categoryTag(c.label) === keyOrTag);
export const tagOf = (key: FeedbackCategoryKey): string => categoryTag(findCategory(key)!.label);
/** Keys of the known tags (or keys), in their order, each once. */
export const keysOfTags = (tags: readonly string[]): FeedbackCategoryKey[] => [...new Set(tags.flatMap((t) => findCategory(t)?.key ?? []))];

/** 'No categories selected - ...' or 'N category/categories selected'. */
export const categoryStatusText = (n: number) =>
  n === 0 ? 'No categories selected - this will be general timestamped feedback' : `${n} ${n === 1 ? 'category' : 'categories'} selected`;

/** The criteria a reviewer scores 1-5 (`criteriaAsked` says which a request asks for). */
export const CRITERIA = [
  { key: 'mixingMastering', label: 'Mixing & Mastering' },
  { key: 'compositionArrangement', label: 'Composition & Arrangement' },
  { key: 'vocalsLyrics', label: 'Vocals & Lyrics' },
  { key: 'energyImpact', label: 'Energy & Impact' },
] as const;
export type CriterionKey = (typeof CRITERIA)[number]['key'];
export const CRITERION_KEYS = CRITERIA.map((c) => c.key) as [CriterionKey, ...CriterionKey[]];

/**
 * The criteria a request asks to be scored: all four, but Vocals & Lyrics when the musician said the
 * track is an instrumental (its share options' `vocalsLyrics` false), and those the reviewer marked as not
 * applying (`notApplicable`). A criterion not asked is not scored.
 */
export const criteriaAsked = (options: { vocalsLyrics?: boolean } | null | undefined, notApplicable: readonly string[] = []) =>
  CRITERIA.filter((c) => (c.key !== 'vocalsLyrics' || options?.vocalsLyrics !== false) && !notApplicable.includes(c.key));

/**
 * The criteria a reviewer may mark as not applying to the track, when the musician did not say so (vocals on
 * an instrumental): not scored, and not asked for (`notApplicable` of criteriaAsked).
 */
export const MAY_NOT_APPLY = ['vocalsLyrics'] as const;

export const TRACK_PURPOSES = [
  { value: 'label_attention', label: 'Seeking Label Attention' },
  { value: 'film_soundtrack', label: 'Film Soundtrack' },
  { value: 'tv_commercial', label: 'TV Commercial' },
  { value: 'game_soundtrack', label: 'Game Soundtrack' },
  { value: 'streaming_release', label: 'Streaming Release' },
  { value: 'live_performance', label: 'Live Performance' },
  { value: 'school_project', label: 'School Project' },
  { value: 'hobby_project', label: 'Hobby Project' },
  { value: 'remix', label: 'Remix' },
] as const;
export const TRACK_PURPOSE_VALUES = TRACK_PURPOSES.map((p) => p.value) as [string, ...string[]];

export const CONTEXT_CHOICES = [
  { value: 'first_draft', label: 'First draft', description: 'An early idea: tell me if it is worth finishing.' },
  { value: 'work_in_progress', label: 'Work in progress', description: 'The song is there; help me shape arrangement and sound.' },
  { value: 'mix_check', label: 'Mix check', description: 'Arrangement is final; I want notes on the mix.' },
  { value: 'pre_release', label: 'Pre-release', description: 'About to release: last checks on mix, master and impact.' },
  { value: 'released', label: 'Released', description: 'Already out: what should I do differently next time?' },
] as const;
export const CONTEXT_VALUES = CONTEXT_CHOICES.map((c) => c.value) as [string, ...string[]];

/**
 * The spec's four, plus the ends of a paid request that never got its feedback (refunded): 'expired' when
 * the pro did not accept or complete it in time, 'cancelled' when its payment was reversed at the provider.
 */
export const SHARE_STATUSES = ['pending', 'accepted', 'declined', 'completed', 'expired', 'cancelled'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/** The two sides of a request: who asked, and who reviews. */
export const PARTICIPANT_SIDES = ['author', 'reviewer'] as const;
export type ParticipantSide = (typeof PARTICIPANT_SIDES)[number];
/** Statuses after which nothing more happens on a request. */
export const CLOSED_STATUSES: readonly ShareStatus[] = ['declined', 'expired', 'cancelled'];

/** Suggestions a user may ask for per hour. */
export const SUGGESTIONS_PER_HOUR = 30;
export const USER_SEARCH = { minChars: 2, debounceMs: 300, cacheMs: 5 * 60_000, maxGenres: 2 } as const;
