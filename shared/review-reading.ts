/**
 * The part of a paid review's floor that reads what was written, not just counts it: each comment says
 * something beyond praise, nothing is said twice, and the general comment is not a handful of words
 * again and again. Shared so that the reviewer's form shows, as they type, which comment falls short and
 * why, and the server refuses the same (shared/review.ts puts these items in the checklist).
 */

export const READING = {
  /** Words a comment needs beyond praise and filler ('nice', 'good', 'ok', 'track', 'mix'...). */
  minCommentWords: 3,
  /** Different such words the general comment needs (its length is PAID_REVIEW.minGeneralWords). */
  minGeneralDistinct: 15,
  /** A run of this many words, with at least `phraseWords` of them meaningful, may not come twice. */
  phraseLength: 5,
  phraseWords: 3,
} as const;

/** Words that carry no observation on their own: function words. */
const FUNCTION_WORDS = new Set(
  (
    'a an the and or but nor so yet if then than to of in on at by for with from as into onto about is are was were be been ' +
    "being am it its it's this that these those there here i i'm i've me my you you're your we our us he she they them their " +
    'do does did has have had will would can could should just really very too quite also some any all much more most bit ' +
    'little lot lots one thing things stuff way maybe overall'
  ).split(' '),
);

/** Praise and filler that say nothing about what was heard, and the words for what is being reviewed. */
const FILLER = new Set(
  (
    'nice good great ok okay cool awesome amazing love loved like liked lovely fine solid perfect excellent wonderful ' +
    'beautiful fire dope sick lit vibe vibes vibing banger wow yeah yes yep no nope well done job work keep up man bro ' +
    'lol haha thanks thank please track tracks song songs mix tune music sound sounds sounding stuff part bad'
  ).split(' '),
);

/** The lower-cased words of a text: letters, digits and inner apostrophes. */
export const wordsOf = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []).map((w) => w.replace(/’/g, "'"));

const meaningful = (word: string) => !FUNCTION_WORDS.has(word) && !FILLER.has(word);

/** The words of a text that say something: neither function words nor praise and filler. */
export const meaningfulWords = (text: string): string[] => wordsOf(text).filter(meaningful);

/** A comment that says too little: fewer meaningful words than READING.minCommentWords. */
export const saysTooLittle = (text: string) => meaningfulWords(text).length < READING.minCommentWords;

/** Different meaningful words in a text. */
export const distinctMeaningful = (text: string) => new Set(meaningfulWords(text)).size;

/**
 * What a review says twice: a comment whose words are another's, or a run of READING.phraseLength words
 * (with enough meaningful ones) that comes again anywhere in the review, the general comment included.
 * Each repeat once, as written in words.
 */
export function repeatedPhrases(texts: readonly string[]): string[] {
  const found = new Set<string>();
  const whole = new Set<string>();
  const runs = new Set<string>();
  for (const text of texts) {
    const words = wordsOf(text);
    const key = words.filter(meaningful).join(' ');
    if (key) {
      if (whole.has(key)) found.add(words.join(' '));
      whole.add(key);
    }
    for (let i = 0; i + READING.phraseLength <= words.length; i++) {
      const run = words.slice(i, i + READING.phraseLength);
      if (run.filter(meaningful).length < READING.phraseWords) continue;
      const phrase = run.join(' ');
      if (runs.has(phrase)) found.add(phrase);
      runs.add(phrase);
    }
  }
  return [...found];
}
