/**
 * What the technical report means for where a track is played: each streaming service plays tracks at its own
 * loudness (turning loud ones down, and some quiet ones up), and a true peak above -1 dBTP may clip once the
 * track is encoded for streaming.
 */

export const STREAMING_TARGETS = [
  { service: 'Spotify', lufs: -14, turnsUp: true },
  { service: 'Apple Music', lufs: -16, turnsUp: true },
  { service: 'YouTube', lufs: -14, turnsUp: false },
] as const;

/** Above this the peaks of a lossy encoding may clip. */
export const TRUE_PEAK_CEILING = -1;

/** What each service would do with a track of this integrated loudness; nothing for silence (-70 LUFS). */
export function streamingAdvice(integratedLufs: number): string[] {
  if (integratedLufs <= -70) return [];
  return STREAMING_TARGETS.map(({ service, lufs, turnsUp }) => {
    const gain = Math.round((lufs - integratedLufs) * 10) / 10;
    const name = `${service} (${lufs} LUFS)`;
    if (gain < 0) return `${name} would turn this down by ${(-gain).toFixed(1)} dB`;
    if (gain > 0 && turnsUp) return `${name} would turn this up by ${gain.toFixed(1)} dB`;
    if (gain > 0) return `${name} would play it as it is: it only turns loud tracks down`;
    return `${name} would play it as it is`;
  });
}

/** The warning a true peak above the ceiling deserves, or null. */
export function truePeakWarning(truePeakDbtp: number | null): string | null {
  if (truePeakDbtp === null || truePeakDbtp <= TRUE_PEAK_CEILING) return null;
  return `The true peak is ${truePeakDbtp.toFixed(1)} dBTP, above ${TRUE_PEAK_CEILING} dBTP: streaming encoders may clip it. Leave a little more headroom.`;
}
