/**
 * What makes a review one a musician can trust, in one place for the server (which enforces it) and the
 * reviewer's form (which shows it as a checklist): the listening that proves the track was heard, the
 * quality floor of a paid review, and the reasons a request can be declined.
 */
import { CRITERIA, type CriterionKey } from './feedback.js';
import { clock } from './clock.js';
import { READING, distinctMeaningful, repeatedPhrases, saysTooLittle, wordsOf } from './review-reading.js';

/** Proof of listening: how much must be heard, and what a report may claim. */
export const LISTENING = {
  /** A paid review needs this share of the track heard... */
  minShare: 0.8,
  /** ...of at most this many seconds of it (a longer track needs 80% of 20 minutes, anywhere in it). */
  requiredCapSeconds: 20 * 60,
  /** The fastest playback a claim is believed at. */
  maxSpeed: 2,
  /** Seconds a claim may run ahead of the clock (a report sent a few seconds after listening began). */
  slackSeconds: 15,
  /**
   * The listening clock runs only while a player shows signs of life (a session given, a report written):
   * a silence counts up to this much, so that a page left open overnight buys no time.
   */
  clockGapSeconds: 60,
  /** The most ranges one report carries (the player merges them first). */
  maxRanges: 500,
  /** How often the player reports while playing. */
  reportEveryMs: 5000,
  /** A report lost to a busy server or a broken connection is sent again after this, playing or not... */
  retryAfterMs: 3000,
  /** ...and, lost again, after twice as long each time, up to this. */
  retryAtMostMs: 60_000,
} as const;

/** Heard seconds a paid review needs, for a track of `duration` seconds. */
export const requiredHeardSeconds = (duration: number) =>
  Math.ceil(LISTENING.minShare * Math.min(Math.ceil(duration), LISTENING.requiredCapSeconds));

/** The whole seconds of a track: second s is [s, s + 1). */
export const secondsOf = (duration: number) => Math.max(1, Math.ceil(duration));

/**
 * The seconds heard, one bit per second of the track (bit s of byte s >> 3): bounded by the track's length
 * whatever is reported, and merged by OR. Kept and sent as base64.
 */
export function emptyHeard(duration: number): Uint8Array {
  return new Uint8Array(Math.ceil(secondsOf(duration) / 8));
}

/** Time ranges [from, to] (seconds) merged: sorted, and those that touch or overlap joined; empty ones dropped. */
export function mergeRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  for (const [from, to] of ranges.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0])) {
    const prev = out[out.length - 1];
    if (prev && from <= prev[1]) prev[1] = Math.max(prev[1], to);
    else out.push([from, to]);
  }
  return out;
}

/**
 * Marks the seconds a range of playback covers (each second whose larger part it covers), clipped to the
 * track. The ranges are merged first, so the work is bounded by the track's length however they overlap.
 */
export function markHeard(heard: Uint8Array, ranges: readonly (readonly [number, number])[], duration: number): void {
  const last = secondsOf(duration) - 1;
  for (const [from, to] of mergeRanges(ranges)) {
    const first = Math.max(0, Math.round(from));
    const end = Math.min(last, Math.round(to) - 1);
    for (let s = first; s <= end; s++) heard[s >> 3] |= 1 << (s & 7);
  }
}

export const isHeard = (heard: Uint8Array, second: number) => second >= 0 && ((heard[second >> 3] ?? 0) & (1 << (second & 7))) !== 0;

export function countHeard(heard: Uint8Array): number {
  let n = 0;
  for (const byte of heard) for (let b = byte; b; b &= b - 1) n++;
  return n;
}

/**
 * Whether a comment at `timestamp` sits on a heard second: the second it is in, or the one before (a
 * comment written on pause is timed where the playhead stopped, a moment into a second barely begun).
 */
export const heardAt = (heard: Uint8Array, timestamp: number) =>
  isHeard(heard, Math.floor(timestamp)) || isHeard(heard, Math.floor(timestamp) - 1);

/** The heard seconds as ranges [from, to) for drawing a coverage strip. */
export function heardRanges(heard: Uint8Array, duration: number): [number, number][] {
  const out: [number, number][] = [];
  const n = secondsOf(duration);
  for (let s = 0; s < n; s++) {
    if (!isHeard(heard, s)) continue;
    const prev = out[out.length - 1];
    if (prev && prev[1] === s) prev[1] = s + 1;
    else out.push([s, s + 1]);
  }
  return out;
}

export function encodeHeard(heard: Uint8Array): string {
  let s = '';
  for (const byte of heard) s += String.fromCharCode(byte);
  return btoa(s);
}

export function decodeHeard(encoded: string, duration: number): Uint8Array {
  const out = emptyHeard(duration);
  const raw = atob(encoded);
  for (let i = 0; i < Math.min(raw.length, out.length); i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * 'Listened to 92% (3:41 of 4:00), 2 sessions, reported by the player': what the player told the server,
 * checked against the clock of the sessions the server gave (functions/feedback/review-work.ts), not heard by it.
 */
export function listeningSummary(heardSeconds: number, duration: number, sessions: number): string {
  const total = secondsOf(duration);
  const pct = Math.floor((Math.min(heardSeconds, total) / total) * 100);
  // The track's length as the player says it (whole seconds down): 2:30 for 150.6 s, not the 151 counted.
  const heard = Math.min(heardSeconds, Math.floor(duration));
  return `Listened to ${pct}% (${clock(heard)} of ${clock(duration)}), ${sessions} ${sessions === 1 ? 'session' : 'sessions'}, reported by the player`;
}

/** The quality floor of a paid review. */
export const PAID_REVIEW = {
  minComments: 3,
  minGeneralWords: 40,
  /** A track longer than this needs a comment in each third. */
  thirdsAfterSeconds: 60,
  /** A criterion scored this or lower needs a comment, tagged with one of its categories, saying why. */
  lowScore: 2,
} as const;

/** The comment tags that speak to each criterion (a low score's comment carries one of them). */
export const CRITERION_TAGS: Record<CriterionKey, readonly string[]> = {
  mixingMastering: ['#Mixing', '#Mastering'],
  compositionArrangement: ['#Arrangement', '#Melody', '#Harmony'],
  vocalsLyrics: ['#Vocal'],
  energyImpact: ['#Rhythm', '#Arrangement', '#Instrumentation', '#Bassline'],
};

export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** One thing a review still needs, as the server lists it and the form ticks it off. */
export interface ChecklistItem {
  key: string;
  label: string;
  done: boolean;
}

export interface ReviewState {
  paid: boolean;
  duration: number;
  criteria: Partial<Record<CriterionKey, number>>;
  /** The reviewer's own comments. */
  comments: readonly { timestamp: number | null; tags: readonly string[]; text: string }[];
  general: string;
  /** Seconds heard (see markHeard); null when nothing was reported. */
  heard: Uint8Array | null;
  /** The criteria the request asks for (criteriaAsked); all four when absent. */
  asked?: readonly { key: CriterionKey; label: string }[];
  /**
   * A re-check (its points are marked on the checklist, which the server and the form hold apart): the
   * points marked not fixed with no word of why. A paid re-check's floor is its own (RECHECK_REVIEW).
   */
  recheck?: { unexplained: number };
}

/**
 * A paid re-check's floor: not a second full review but the earlier points marked, each one not fixed
 * with a word of why, a short summary, and the new version heard and scored. Its comments are optional.
 */
export const RECHECK_REVIEW = { summaryWords: 12 } as const;

/** The points of a re-check marked not fixed with no note: a paid re-check asks a word of why for each. */
export const unexplainedPoints = (points: readonly { mark?: string | null; note?: string | null }[]) =>
  points.filter((p) => p.mark === 'not_fixed' && !p.note?.trim()).length;

/**
 * What a review must have before it is submitted, each item done or not. Free: at least a score, a comment
 * or a general comment. Paid: 80% heard, every criterion scored, three comments at different moments and
 * in each third of a track over a minute, a 40-word general comment, a tagged comment for every low score,
 * and every comment on a heard second; and, read (shared/review-reading.ts), every comment saying
 * something beyond praise, nothing said twice, and a general comment of more than a few words repeated.
 * A paid re-check asks instead of the comments and the 40 words a short summary and a word of why for
 * each point not fixed (its points' marks are checked apart, by the checklist).
 */
export function reviewChecklist(r: ReviewState): ChecklistItem[] {
  const asked = r.asked ?? CRITERIA;
  const scored = asked.filter((c) => r.criteria[c.key] != null);
  const timed = r.comments.filter((c): c is Timed => c.timestamp != null);
  if (!r.paid) {
    const any = scored.length > 0 || r.comments.length > 0 || r.general.trim().length > 0;
    return [{ key: 'something', label: 'A score, a comment or a general comment', done: any }];
  }
  const heard = r.heard ?? emptyHeard(r.duration);
  const need = requiredHeardSeconds(r.duration);
  const got = countHeard(heard);
  const moments = new Set(timed.map((c) => Math.floor(c.timestamp)));
  // A track of a second or two has fewer whole seconds than the comments otherwise asked for.
  const minComments = Math.min(PAID_REVIEW.minComments, secondsOf(r.duration));
  const words = wordCount(r.general);
  const listened: ChecklistItem = {
    key: 'listened',
    label:
      got >= need
        ? `Listen to at least ${Math.round(LISTENING.minShare * 100)}% of the track`
        : `Listen to at least ${Math.round(LISTENING.minShare * 100)}% of the track (${clock(need - got)} left)`,
    done: got >= need,
  };
  const criteria: ChecklistItem = {
    key: 'criteria',
    label: `Score all ${asked.length} criteria`,
    done: asked.every((c) => r.criteria[c.key] != null),
  };
  if (r.recheck) return [listened, criteria, ...recheckItems(r, words), ...lastItems(r, asked, timed, heard, words)];
  const items: ChecklistItem[] = [
    listened,
    criteria,
    {
      key: 'comments',
      label: `At least ${minComments} timestamped ${minComments === 1 ? 'comment' : 'comments at different moments'} (${Math.min(moments.size, minComments)} of ${minComments})`,
      done: moments.size >= minComments,
    },
  ];
  if (r.duration > PAID_REVIEW.thirdsAfterSeconds) {
    const third = r.duration / 3;
    const thirds = new Set(timed.map((c) => Math.min(2, Math.floor(c.timestamp / third))));
    items.push({ key: 'thirds', label: 'A comment in each third of the track (beginning, middle and end)', done: thirds.size === 3 });
  }
  items.push({
    key: 'general',
    label: `A general comment of at least ${PAID_REVIEW.minGeneralWords} words (${words} so far)`,
    done: words >= PAID_REVIEW.minGeneralWords,
  });
  items.push(...lastItems(r, asked, timed, heard, words));
  return items;
}

type Timed = ReviewState['comments'][number] & { timestamp: number };

/** What every paid review's floor ends with: a reason for each low score, the words read, every comment heard. */
function lastItems(
  r: ReviewState,
  asked: readonly { key: CriterionKey; label: string }[],
  timed: readonly Timed[],
  heard: Uint8Array,
  words: number,
): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  for (const c of asked) {
    const score = r.criteria[c.key];
    if (score == null || score > PAID_REVIEW.lowScore) continue;
    const tags = CRITERION_TAGS[c.key];
    items.push({
      key: `why:${c.key}`,
      label: `Say why ${c.label} scored ${score}: a comment tagged ${tags.join(' or ')}`,
      done: r.comments.some((m) => m.tags.some((t) => tags.includes(t))),
    });
  }
  items.push(...readingItems(r, words));
  const unheard = timed.filter((c) => !heardAt(heard, c.timestamp));
  if (unheard.length) {
    items.push({
      key: 'heard',
      label: `Every timestamped comment on a moment you heard (not ${unheard.map((c) => clock(c.timestamp)).join(', ')})`,
      done: false,
    });
  }
  return items;
}

/** A paid re-check's own items (RECHECK_REVIEW): a short summary, and a word for each point not fixed. */
function recheckItems(r: ReviewState, words: number): ChecklistItem[] {
  const items: ChecklistItem[] = [
    {
      key: 'summary',
      label: `A summary of what changed, at least ${RECHECK_REVIEW.summaryWords} words (${words} so far)`,
      done: words >= RECHECK_REVIEW.summaryWords,
    },
  ];
  const unexplained = r.recheck?.unexplained ?? 0;
  if (unexplained) {
    items.push({
      key: 'recheck-notes',
      label: `Say in a word why each point not fixed is not (${unexplained} without a note)`,
      done: false,
    });
  }
  return items;
}

const quoted = (text: string, words = 6) => {
  const all = wordsOf(text);
  return `'${all.slice(0, words).join(' ')}${all.length > words ? '...' : ''}'`;
};

/** The floor's items that read the words, each present only when it is not met (as 'heard' is). */
function readingItems(r: ReviewState, generalWords: number): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  // In the track's order, general comments last, as the form lists them.
  const thin = r.comments.filter((c) => saysTooLittle(c.text)).sort((a, b) => (a.timestamp ?? Infinity) - (b.timestamp ?? Infinity));
  if (thin.length) {
    const named = thin.slice(0, 3).map((c) => `${c.timestamp == null ? 'general' : clock(c.timestamp)} ${quoted(c.text)}`);
    const more = thin.length > 3 ? ` and ${thin.length - 3} more` : '';
    items.push({
      key: 'specific',
      label: `Say what you hear in every comment, in at least ${READING.minCommentWords} words beyond praise (${named.join(', ')}${more})`,
      done: false,
    });
  }
  const repeated = repeatedPhrases([...r.comments.map((c) => c.text), r.general]);
  if (repeated.length) {
    items.push({ key: 'repeated', label: `Say each thing once (${quoted(repeated[0], 8)} comes twice)`, done: false });
  }
  const distinct = distinctMeaningful(r.general);
  if (generalWords >= PAID_REVIEW.minGeneralWords && distinct < READING.minGeneralDistinct) {
    items.push({
      key: 'varied',
      label: `A general comment that says more than a few words again (${distinct} different ${distinct === 1 ? 'word' : 'words'} beyond praise; ${READING.minGeneralDistinct} needed)`,
      done: false,
    });
  }
  return items;
}

/**
 * How alike two texts are: the Jaccard similarity of their sets of word trigrams (lower-cased words of
 * letters and digits). 1 for the same text; texts under three words compare as their words.
 */
export function trigrams(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  if (words.length < 3) return new Set(words.length ? [words.join(' ')] : []);
  const out = new Set<string>();
  for (let i = 0; i + 2 < words.length; i++) out.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return out;
}

export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

/** At or above this, a general comment reads as one the reviewer wrote for another track. */
export const REPEATED_SIMILARITY = 0.8;
export const REPEATED_REVIEW = 'This reads like your review of another track: write this one for this track.';
export const REPEATED_COMMENTS =
  'Some of your comments read like your comments on another track: say what you hear in this one (or save a note you reuse as a template).';

/** Why a reviewer declines a request: shown to the musician beside the refund note. */
export const DECLINE_REASONS = [
  { value: 'not_my_genre', label: 'Not my genre' },
  { value: 'too_busy', label: 'Too busy' },
  { value: 'not_ready', label: 'Track not ready for feedback' },
  { value: 'other', label: 'Other' },
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number]['value'];
export const DECLINE_REASON_VALUES = DECLINE_REASONS.map((r) => r.value) as [DeclineReason, ...DeclineReason[]];
export const declineReasonLabel = (value: string) => DECLINE_REASONS.find((r) => r.value === value)?.label ?? 'Other';

/** Why a musician reports a paid review, within DISPUTE_WINDOW_DAYS of its delivery. */
export const DISPUTE_REASONS = [
  { value: 'did_not_listen', label: 'Did not listen' },
  { value: 'generic', label: 'Generic or copy-paste' },
  { value: 'abusive', label: 'Abusive' },
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number]['value'];
export const DISPUTE_REASON_VALUES = DISPUTE_REASONS.map((r) => r.value) as [DisputeReason, ...DisputeReason[]];
export const disputeReasonLabel = (value: string) => DISPUTE_REASONS.find((r) => r.value === value)?.label ?? value;
export const DISPUTE_WINDOW_DAYS = 7;
export const DISPUTE_STATUSES = ['open', 'refunded', 'rejected'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
