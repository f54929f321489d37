/**
 * Comment suggestions. In AWS: Amazon Bedrock's Converse API with the model named by BEDROCK_MODEL_ID.
 * Locally (and wherever no model is configured): a deterministic suggester that rewrites the draft
 * into specific, constructive feedback that fits its tags. A suggestion is the comment's text alone: the
 * comment already carries its time and categories (its chip and tags), so the text does not repeat them.
 */
import { findCategory } from '../../shared/feedback.js';
import { traced } from '../lib/observability.js';

export interface SuggestionRequest {
  text: string;
  timestamp: number | null;
  tags: string[];
}

export interface Suggester {
  suggest(req: SuggestionRequest): Promise<string>;
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
const labelOf = (tag: string) => findCategory(tag)?.label ?? tag;

/**
 * A leading 'At 0:03 (Melody): ', 'At 1:05-1:10, ', '0:03 - ', '(Mixing): ', '[Melody]: ' or 'Overall: ': where and
 * what the comment is about, which it already shows. A sentence that only starts with the time ('At 0:03
 * the snare ...') keeps it: there the time is part of what it says.
 */
const ANCHOR =
  /^\s*(?:(?:at\s+)?\d{1,3}:\d{2}(?:\s*[-–]\s*\d{1,3}:\d{2})?\s*(?:\([^)]*\)|\[[^\]]*\])?\s*[:,–-]|(?:\([^)]*\)|\[[^\]]*\])\s*:|overall\s*:)\s*/i;

/** The suggestion without a leading time or category label, starting with a capital. */
export function withoutAnchor(text: string): string {
  let out = text.trim();
  for (let rest = out.replace(ANCHOR, ''); rest !== out && rest; rest = out.replace(ANCHOR, '')) out = rest;
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/** A next step per category, so the rewrite always ends on something the musician can try. */
const NEXT_STEPS: Record<string, string> = {
  melody: 'try varying the rhythm or the top note of the phrase on its repeat so it develops instead of looping',
  harmony: 'try a substitute chord or an inversion here to add movement under the melody',
  rhythm: 'try tightening the timing or adding a syncopated element to push the groove forward',
  instrumentation: 'try thinning the layers here so each part has its own space and role',
  bassline: 'try carving room between kick and bass (sidechain or EQ) and following the chord roots more closely',
  arrangement: 'try adding or removing an element at this point so the section change is felt',
  originality: 'try one unexpected sound or twist here that makes the idea unmistakably yours',
  mixing: 'try balancing the levels and cutting competing frequencies so the focal element sits in front',
  mastering: 'try easing the limiter a touch to keep the transients and the dynamics alive',
  vocal: 'try a cleaner take or automation on the vocal level so every word stays intelligible',
};

export const localSuggester: Suggester = {
  async suggest({ text, timestamp, tags }) {
    // A draft cut off mid-sentence ('muddy here;') ends on a full stop, not on '; .'.
    const draft = text
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/[\s,;:–-]+$/, '');
    const sentence = withoutAnchor(draft) + (/[.!?]$/.test(draft) ? '' : '.');
    const step =
      NEXT_STEPS[findCategory(tags[0] ?? '')?.key ?? ''] ??
      `try one concrete change ${timestamp == null ? '' : 'here '}and compare it with the current version side by side`;
    return `${sentence} To make it stronger, ${step}.`;
  },
};

function bedrockSuggester(modelId: string): Suggester {
  return {
    async suggest({ text, timestamp, tags }) {
      const { BedrockRuntimeClient, ConverseCommand } = await import('@aws-sdk/client-bedrock-runtime');
      const client = traced(new BedrockRuntimeClient({}));
      const context = [
        timestamp == null ? 'general comment' : `at ${clock(timestamp)}`,
        tags.length ? `categories: ${tags.map(labelOf).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ');
      const res = await client.send(
        new ConverseCommand({
          modelId,
          system: [
            {
              text: 'You help music producers write feedback on a track. Rewrite the draft into one or two specific, honest, constructive sentences, keeping its meaning and ending with one concrete suggestion. The comment is already shown with its time and categories: do not start with them or label the comment with them. Answer with the rewritten comment only.',
            },
          ],
          messages: [{ role: 'user', content: [{ text: `Draft (${context}): ${text}` }] }],
          inferenceConfig: { maxTokens: 200, temperature: 0.4 },
        }),
      );
      const out = res.output?.message?.content
        ?.map((c) => c.text ?? '')
        .join('')
        .trim();
      // Told not to, a model may still open with the time or the categories.
      const suggestion = out ? withoutAnchor(out) : '';
      if (!suggestion) throw new Error('The model returned no text');
      return suggestion;
    },
  };
}

export function suggester(): Suggester {
  const modelId = process.env.BEDROCK_MODEL_ID;
  return modelId && process.env.STAGE !== 'local' ? bedrockSuggester(modelId) : localSuggester;
}
