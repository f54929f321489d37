/**
 * Where each decoded channel plays, as the speaker bits of WAVE_FORMAT_EXTENSIBLE's channel mask name them, and
 * what follows from it: each channel's weight in the loudness (ITU-R BS.1770) and its gains into left and right
 * when surround is folded down to two (ITU-R BS.775). The decoders hand channels over in the mask's order: a
 * WAV's own mask, or the order its channel count means (FLAC's, and Vorbis's, Opus's and AAC's as their
 * decoders reorder them). AAC's 4.0 and 7.1 are the exceptions (aacLayout).
 */
const FL = 0x1;
const FR = 0x2;
const FC = 0x4;
const LFE = 0x8;
const BL = 0x10;
const BR = 0x20;
const FLC = 0x40;
const FRC = 0x80;
const BC = 0x100;
const SL = 0x200;
const SR = 0x400;
const TBL = 0x8000;
const TBC = 0x10000;
const TBR = 0x20000;

/** Each channel's speaker bit, 0 where none is known. */
export type Layout = number[];

/** What a channel count means where nothing says otherwise (WAV's default masks, FLAC's and Vorbis's orders). */
const BY_COUNT: Record<number, Layout> = {
  1: [FC],
  2: [FL, FR],
  3: [FL, FR, FC],
  4: [FL, FR, BL, BR],
  5: [FL, FR, FC, BL, BR],
  6: [FL, FR, FC, LFE, BL, BR],
  7: [FL, FR, FC, LFE, BC, SL, SR],
  8: [FL, FR, FC, LFE, BL, BR, SL, SR],
};

export function defaultLayout(count: number): Layout {
  return BY_COUNT[count] ?? Array.from({ length: count }, (_, i) => BY_COUNT[8][i] ?? 0);
}

/** The layout a WAV's channel mask gives its `count` channels: its bits in order; none set, the count's own. */
export function layoutOfMask(mask: number, count: number): Layout {
  const bits: number[] = [];
  for (let bit = 1; bit <= 0x20000 && bits.length < count; bit *= 2) if (mask & bit) bits.push(bit);
  if (bits.length === 0) return defaultLayout(count);
  return Array.from({ length: count }, (_, i) => bits[i] ?? 0);
}

/**
 * The channel mask that says `layout`, where one can (its speakers in the mask's bit order, unknown ones only
 * after them); null where the channel count's own order says it already, or where no mask can.
 */
export function maskOfLayout(layout: Layout): number | null {
  const known = layout.filter((s) => s !== 0);
  if (known.some((s, i) => i > 0 && s <= known[i - 1]) || layout.slice(known.length).some((s) => s !== 0)) return null;
  const same = defaultLayout(layout.length);
  if (layout.every((s, i) => s === same[i])) return null;
  return known.reduce((mask, s) => mask | s, 0);
}

/** Behind the listener (and the sides): 1.41 in the loudness, as ffmpeg's ebur128 weighs them. */
const SURROUND = BL | BR | BC | SL | SR | TBL | TBC | TBR;

/** Each channel's weight in the loudness (ITU-R BS.1770): the LFE none, the surrounds 1.41, the rest 1. */
export function loudnessWeights(layout: Layout): number[] {
  return layout.map((s) => (s === LFE ? 0 : s & SURROUND ? 1.41 : 1));
}

const H = Math.SQRT1_2;
/** Each speaker's gains into left and right: the centre and each surround at -3 dB into its side(s). */
const FOLD: Record<number, [number, number]> = {
  [FL]: [1, 0],
  [FR]: [0, 1],
  [FLC]: [1, 0],
  [FRC]: [0, 1],
  [FC]: [H, H],
  [BL]: [H, 0],
  [SL]: [H, 0],
  [BR]: [0, H],
  [SR]: [0, H],
  // The back centre goes into both surrounds, so at -6 dB into each side.
  [BC]: [0.5, 0.5],
};

/** Each channel's gain into left, then into right (ITU-R BS.775's fold-down); the LFE and unknown ones left out. */
export function foldDownGains(layout: Layout): [number[], number[]] {
  return [0, 1].map((side) => layout.map((s) => FOLD[s]?.[side] ?? 0)) as [number[], number[]];
}

/**
 * AAC's channel configurations as @audio/decode-aac hands them over, where that is not what their count means:
 * 4 (4.0: C L R and a back centre) comes as L R C BC; 7 (eight channels) comes in the stream's order, C L R,
 * the sides, the backs, the LFE (as FFmpeg's encoder writes 7.1 and reads it back), which `order` puts in the
 * WAV order. Null for the rest (their count's own layout).
 */
export function aacLayout(config: number): { layout: Layout; order?: number[] } | null {
  if (config === 4) return { layout: [FL, FR, FC, BC] };
  if (config === 7) return { layout: BY_COUNT[8], order: [1, 2, 0, 7, 5, 6, 3, 4] };
  return null;
}
