/**
 * What the technical report means for where a track is played: each streaming service plays tracks at its own
 * loudness (turning loud ones down, and some quiet ones up), and a true peak above -1 dBTP may clip once the
 * track is encoded for streaming.
 */
import { HEADROOM_CEILING_DB, PLAY_AS_RULES, playAsGain, type Measured, type PlayAsRule } from './play-as.js';

/** Above this the peaks of a lossy encoding may clip. */
export const TRUE_PEAK_CEILING = -1;

/**
 * What each service would do with a track of this loudness and true peak (./play-as.ts); nothing for silence
 * (-70 LUFS) or a track not measured.
 */
export function streamingAdvice(measured: Measured): string[] {
  return PLAY_AS_RULES.flatMap((rule) => serviceLine(rule, measured) ?? []);
}

/** What `rule`'s service would do with the track, in a line; a service that has not published its rule is said to be measured. */
export function serviceLine(rule: PlayAsRule, measured: Measured): string | null {
  const gain = playAsGain(rule, measured);
  if (!gain) return null;
  const name = `${rule.name} (${rule.lufs} LUFS${rule.published ? '' : ', as measured: its rule is not published'})`;
  const db = Math.round(gain.db * 10) / 10;
  if (db < 0) return `${name} would turn this down by ${(-db).toFixed(1)} dB`;
  if (gain.heldBackFromDb !== undefined) {
    const headroom = `its true peak leaves ${db > 0 ? `only ${db.toFixed(1)} dB` : 'no'} headroom below ${HEADROOM_CEILING_DB} dBTP`;
    return db > 0
      ? `${name} would turn this up by ${db.toFixed(1)} dB, not ${gain.heldBackFromDb.toFixed(1)}: ${headroom}`
      : `${name} would play it as it is: ${headroom}`;
  }
  if (db > 0) return `${name} would turn this up by ${db.toFixed(1)} dB${gain.limited ? ', through its limiter' : ''}`;
  if (rule.turnUp === 'never' && rule.lufs - (measured.integratedLufs ?? 0) >= 0.05)
    return `${name} would play it as it is: it only turns loud tracks down`;
  return `${name} would play it as it is`;
}

/**
 * The warning a true peak above the ceiling deserves, or null: close to clipping up to full scale, over it
 * beyond (a peak between the samples above 0 dBTP clips in any converter, before any encoder).
 */
export function truePeakWarning(truePeakDbtp: number | null): { over: boolean; title: string; text: string } | null {
  if (truePeakDbtp === null || truePeakDbtp <= TRUE_PEAK_CEILING) return null;
  if (truePeakDbtp > 0)
    return {
      over: true,
      title: 'Over full scale',
      text: `The true peak is +${truePeakDbtp.toFixed(1)} dBTP, over full scale: it clips when played, and more after streaming encoders. Turn the master down to leave ${-TRUE_PEAK_CEILING} dB of headroom.`,
    };
  return {
    over: false,
    title: 'Close to clipping',
    text: `The true peak is ${truePeakDbtp.toFixed(1)} dBTP, above ${TRUE_PEAK_CEILING} dBTP: streaming encoders may clip it. Leave a little more headroom.`,
  };
}

/**
 * Gains that play two versions at the same integrated loudness, so that neither wins a comparison by
 * being louder: the louder one is turned down (a gain of at most 1, which an audio element's volume can
 * apply), the quieter one plays as it is. Null when either was not measured or is silent.
 */
export function loudnessMatch(
  a: { label: string; integratedLufs: number | null | undefined },
  b: { label: string; integratedLufs: number | null | undefined },
): { gainA: number; gainB: number; text: string } | null {
  if (a.integratedLufs == null || b.integratedLufs == null || a.integratedLufs <= -70 || b.integratedLufs <= -70) return null;
  const diff = a.integratedLufs - b.integratedLufs;
  const db = Math.abs(diff);
  // Below what a rounded figure can show, they already match.
  if (db < 0.05) return { gainA: 1, gainB: 1, text: `${a.label} and ${b.label} are equally loud` };
  const gain = 10 ** (-db / 20);
  const louder = diff > 0 ? a.label : b.label;
  return { gainA: diff > 0 ? gain : 1, gainB: diff > 0 ? 1 : gain, text: `${louder} played ${db.toFixed(1)} dB quieter to match` };
}
