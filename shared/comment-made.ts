/**
 * How a reviewer's comment was made, decided by the server where it can be (functions/feedback/comment-made.ts
 * reads what it needs): from one of the reviewer's templates, from an AI suggestion the server gave for this
 * request (with the share of its words kept), from analysis, pasted (the editor says so), or typed. The
 * musician sees it on each comment and as one line for the review; the reviewer sees the same before Submit.
 */
import { wordsOf } from './review-reading.js';

export const COMMENT_MADE = ['typed', 'pasted', 'template', 'ai', 'analysis'] as const;
export type CommentMade = (typeof COMMENT_MADE)[number];

export interface Made {
  how: CommentMade;
  /** For 'ai': the share of the suggestion's words the comment kept, 0 to 1. */
  kept?: number;
}

/** A suggestion counts as taken when the comment keeps at least this share of its words. */
export const AI_KEPT_FROM = 0.5;

const LABELS: Record<CommentMade, string> = {
  typed: 'Typed',
  pasted: 'Pasted',
  template: 'From a template',
  ai: 'AI-assisted',
  analysis: 'From analysis',
};

/** 'AI-assisted (80% of the suggestion kept)', 'From a template'... */
export const madeLabel = (m: Made) =>
  m.how === 'ai' && m.kept != null ? `${LABELS.ai} (${Math.round(m.kept * 100)}% of the suggestion kept)` : LABELS[m.how];

/** The share of `suggestion`'s different words that `text` has. */
export function keptOf(suggestion: string, text: string): number {
  const theirs = new Set(wordsOf(suggestion));
  if (!theirs.size) return 0;
  const mine = new Set(wordsOf(text));
  let kept = 0;
  for (const w of theirs) if (mine.has(w)) kept++;
  return kept / theirs.size;
}

const spaced = (text: string) => wordsOf(text).join(' ');

const oneSpaced = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Whether `said` holds `line` whole: 'vs reference 1' is not in 'vs reference 12'. */
function cites(said: string, line: string): boolean {
  for (let at = said.indexOf(line); at >= 0; at = said.indexOf(line, at + 1))
    if (!/[\p{L}\p{N}]/u.test(said.charAt(at + line.length))) return true;
  return false;
}

/**
 * How a comment of `text` was made, given what the server knows: the reviewer's templates, the suggestions it
 * gave them for this request, the lines measured differences from the request's reference tracks offer ('Low
 * band +3.1 dB vs reference 1'), and whether the editor saw a paste. A template's words, whole and in order,
 * make it 'template' (a template shares words with a suggestion about the same thing: the exact run is the
 * stronger sign); a suggestion mostly kept, 'ai'; a measured line exactly as offered (its figures unchanged)
 * that is at least half of the comment's words, 'analysis' (more of the reviewer's own words, and it is
 * theirs); the client's word counts only for 'pasted'.
 */
export function howMade(
  text: string,
  known: { citations?: readonly string[]; templates: readonly string[]; suggestions: readonly string[]; pasted?: boolean },
): Made {
  const words = ` ${spaced(text)} `;
  if (known.templates.some((t) => spaced(t) && words.includes(` ${spaced(t)} `))) return { how: 'template' };
  const best = Math.max(0, ...known.suggestions.map((s) => keptOf(s, text)));
  if (best >= AI_KEPT_FROM) return { how: 'ai', kept: Math.round(best * 100) / 100 };
  const said = oneSpaced(text);
  const count = wordsOf(text).length;
  if (known.citations?.some((c) => cites(said, oneSpaced(c)) && 2 * wordsOf(c).length >= count)) return { how: 'analysis' };
  return { how: known.pasted ? 'pasted' : 'typed' };
}

/** '12 comments: 9 typed, 2 from analysis, 1 AI-assisted', largest first; null when none says how it was made. */
export function madeSummary(made: readonly (Made | null | undefined)[]): string | null {
  const known = made.filter((m): m is Made => Boolean(m));
  if (!known.length) return null;
  const counts = COMMENT_MADE.map((how) => ({ how, n: known.filter((m) => m.how === how).length })).filter((c) => c.n);
  counts.sort((a, b) => b.n - a.n);
  const parts = counts.map((c) => `${c.n} ${c.how === 'typed' || c.how === 'pasted' ? c.how : LABELS[c.how].replace(/^F/, 'f')}`);
  return `${known.length} ${known.length === 1 ? 'comment' : 'comments'}: ${parts.join(', ')}`;
}

/**
 * What a review drew on besides the reviewer's ear, said only where its comments did: places a streaming
 * encoder takes the master over full scale (its codec previews' pins, confirmed) and measured differences from
 * the musician's reference tracks (cited as offered). For the musician (`you`) or anyone holding a public link.
 */
export function drewOn(comments: readonly { finding?: string; made?: Made | null }[], reader: 'you' | 'anyone'): string[] {
  const your = reader === 'you' ? 'your' : 'the';
  const count = (n: number) => `${n} ${n === 1 ? 'comment' : 'comments'}`;
  const encoders = comments.filter((c) => c.finding?.startsWith('codecOver-')).length;
  const references = comments.filter((c) => c.made?.how === 'analysis' && !c.finding).length;
  return [
    ...(encoders ? [`${count(encoders)} on where streaming encoders take ${your} master over full scale`] : []),
    ...(references
      ? [`${count(references)} comparing ${your} mix with ${reader === 'you' ? 'your' : "the musician's"} reference tracks`]
      : []),
  ];
}
