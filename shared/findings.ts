/**
 * What analysis finds in a track, each at its times (functions/tracks/audio/findings.ts measures them in the
 * same decode as the technical report): the kinds, how each is said, and the category a confirmed one is
 * tagged with. The musician's report lists them all as 'found by analysis'; the reviewer sees them as
 * suggested pins and confirms (a comment made 'from analysis') or dismisses each.
 */
import { tagOf, type FeedbackCategoryKey } from './feedback.js';

/**
 * The detectors' kinds, then 'codecOver': a place where a streaming encoder's decode goes over full scale, found
 * by the codec previews (functions/tracks/codec-previews.ts), suggested to the reviewer once every preview is made.
 */
export const FINDING_KINDS = ['clip', 'over', 'mono', 'dropout', 'click', 'jump', 'dc', 'lowEnd', 'codecOver'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];
export const FINDING_SEVERITIES = ['low', 'medium', 'high'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

export interface Finding {
  /** The kind and its order in the track ('clip-2'): stable for the version, which is never measured twice. */
  id: string;
  kind: FindingKind;
  /** Seconds. */
  start: number;
  end: number;
  severity: FindingSeverity;
  /** The measured value, in the kind's unit (FINDING_TEXT). */
  value: number;
  /** A codecOver's encoder, the one that goes furthest over there ('MP3 128'). */
  after?: string;
}

/** At most this many findings per track are kept, the most severe first (a broken file would fill pages). */
export const MAX_FINDINGS = 40;

interface KindText {
  label: string;
  category: FeedbackCategoryKey;
  /** The measured value as said to people. */
  measured: (value: number) => string;
  /** The comment a confirmed finding starts as (the reviewer edits it). */
  comment: string;
}

const dB = (v: number) => `${v.toFixed(1)} dB`;

export const FINDING_TEXT: Record<FindingKind, KindText> = {
  clip: {
    label: 'Clipping',
    category: 'mastering',
    measured: (v) => `${v} samples at full scale`,
    comment:
      'The waveform is flattened at full scale here (hard clipping): bring the level or the limiter back so these peaks stay below 0 dBFS.',
  },
  over: {
    label: 'Inter-sample over',
    category: 'mastering',
    measured: (v) => `true peak +${v.toFixed(1)} dBTP`,
    comment:
      'The true peak goes above 0 dBTP between samples here, so converters and streaming encoders will clip it: a true-peak limiter with about 1 dB of headroom would keep it clean.',
  },
  mono: {
    label: 'Mono collapse',
    category: 'mixing',
    measured: (v) => `stereo correlation ${v.toFixed(2)}`,
    comment:
      'The left and right channels cancel each other here (negative stereo correlation), so this part thins out or disappears on a mono speaker: check the phase of the wide elements.',
  },
  dropout: {
    label: 'Dropout',
    category: 'mastering',
    measured: (v) => `${Math.round(v * 1000)} ms of silence`,
    comment:
      'The audio drops to digital silence for a moment here, in the middle of the music: it sounds like an editing or export glitch.',
  },
  click: {
    label: 'Click',
    category: 'mixing',
    measured: (v) => `a jump of ${dB(v)} above its surroundings`,
    comment:
      'There is a click here, a single-sample jump much sharper than anything around it: a short crossfade at the edit or a declicker would remove it.',
  },
  jump: {
    label: 'Loudness jump',
    category: 'mixing',
    measured: (v) => `${v > 0 ? '+' : ''}${dB(v)} within a second`,
    comment:
      'The whole mix changes level suddenly here while the music itself stays the same, which sounds like a gain change or an automation mistake rather than an arrangement choice.',
  },
  dc: {
    label: 'DC offset',
    category: 'mastering',
    measured: (v) => `offset of ${(v * 100).toFixed(1)}% of full scale`,
    comment:
      'The waveform sits off centre here (DC offset), which wastes headroom and can click at edits: a high-pass filter at a few hertz removes it.',
  },
  lowEnd: {
    label: 'Low-end build-up',
    category: 'mixing',
    measured: (v) => `below 120 Hz ${dB(v)} above the track's own balance`,
    comment:
      "The low end below 120 Hz builds up here, far above the rest of the track's balance: it will boom on big systems and mask the kick and bass.",
  },
  codecOver: {
    label: 'Over after encoding',
    category: 'mastering',
    measured: (v) => `+${v.toFixed(1)} dBFS`,
    comment:
      "After a streaming service's encoder this passage goes over full scale, so it clips on playback although the master itself does not: a true-peak ceiling of -1 dBTP (or more headroom) keeps it clean.",
  },
};

/** '0:42-0:45' or '0:42' for a moment. */
const at = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
export const findingTime = (f: Pick<Finding, 'start' | 'end'>) => (f.end - f.start >= 1 ? `${at(f.start)}-${at(f.end)}` : at(f.start));

/** The measured value as said, with the encoder a codecOver is heard after: '+0.9 dBFS after MP3 128'. */
export const findingMeasured = (f: Finding) => `${FINDING_TEXT[f.kind].measured(f.value)}${f.after ? ` after ${f.after}` : ''}`;

/** 'Clipping at 0:42-0:45: 812 samples at full scale (high)'. */
export const findingSummary = (f: Finding) => `${FINDING_TEXT[f.kind].label} at ${findingTime(f)}: ${findingMeasured(f)} (${f.severity})`;

/** The comment a confirmed finding makes: its time, its text and its category. */
export function findingComment(f: Finding): { timestamp: number; endTimestamp: number | null; text: string; tags: string[] } {
  const text = FINDING_TEXT[f.kind];
  const start = Math.floor(f.start * 10) / 10;
  const end = Math.ceil(f.end * 10) / 10;
  return {
    timestamp: start,
    endTimestamp: end - start >= 1 ? end : null,
    text: `${text.comment} (${findingMeasured(f)})`,
    tags: [tagOf(text.category)],
  };
}
