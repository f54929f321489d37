/**
 * How each streaming service plays a track: the loudness it plays tracks at and what it does with one quieter
 * than that. One table, read by the technical report's lines and by the player's 'Play as', so that what the
 * report says is what the player plays. Where a service has not published its rule, `published` is false and
 * the UI says so: the figures are then those its listeners have measured and reported.
 */

/** The peak, in dB, that Spotify leaves free when it turns a quiet track up, and at which its Loud limiter engages. */
export const HEADROOM_CEILING_DB = -1;

/**
 * Spotify Loud's limiter, as published: it engages at -1 dB (sample values), 5 ms attack, 100 ms decay. Ours
 * (./limiter.ts) holds the true peak, the points between samples too, to -1 dBTP: the sample values stay there
 * as well, and so does what a converter draws between them.
 */
export const LOUD_LIMITER = { ceilingDb: HEADROOM_CEILING_DB, attackMs: 5, releaseMs: 100 } as const;

/**
 * What a service does with a track quieter than its level:
 * - `never`: leaves it as it is (it only turns loud tracks down);
 * - `headroom`: turns it up only as far as its true peak stays at or below HEADROOM_CEILING_DB;
 * - `limiter`: turns it up all the way, regardless of its true peak, through a limiter (LOUD_LIMITER).
 */
export type TurnUp = 'never' | 'headroom' | 'limiter';

export interface PlayAsRule {
  id: string;
  name: string;
  /** The integrated loudness it plays tracks at (LUFS). */
  lufs: number;
  turnUp: TurnUp;
  /** Whether the service itself published this rule. */
  published: boolean;
}

export const PLAY_AS_RULES = [
  // Spotify's own 'Loudness normalization' article (artists.spotify.com/help/article/loudness-normalization):
  // Normal -14 LUFS, a quiet track lifted only as far as 1 dB of true-peak headroom allows (its example: -20
  // LUFS with a -5 dBFS true peak is lifted to -16 LUFS); Loud -11 LUFS regardless of the true peak, through the limiter.
  { id: 'spotify', name: 'Spotify', lufs: -14, turnUp: 'headroom', published: true },
  { id: 'spotify-loud', name: 'Spotify Loud', lufs: -11, turnUp: 'limiter', published: true },
  // Apple does not publish Sound Check's level or how far it lifts a quiet track; -16 LUFS is what engineers
  // measure and report, and the lift is taken as Spotify's (to -1 dBTP) rather than guessed.
  { id: 'apple-music', name: 'Apple Music', lufs: -16, turnUp: 'headroom', published: false },
  // YouTube publishes no level; its 'content loudness' (Stats for nerds) shows it turning loud tracks down to
  // about -14 LUFS and never a quiet one up.
  { id: 'youtube', name: 'YouTube', lufs: -14, turnUp: 'never', published: false },
  // Tidal told MeterPlugs (2016) that it plays at -14 LUFS by ITU-R BS.1770 and does not raise quieter music;
  // it has not published the rule itself.
  { id: 'tidal', name: 'Tidal', lufs: -14, turnUp: 'never', published: false },
  // Amazon publishes no level: -14 LUFS is what engineers measure; a lift is not reported, so none is applied.
  { id: 'amazon-music', name: 'Amazon Music', lufs: -14, turnUp: 'never', published: false },
] as const satisfies readonly PlayAsRule[];

export type PlayAsId = (typeof PLAY_AS_RULES)[number]['id'];

/** What a track measured: its integrated loudness (LUFS) and true peak (dBTP), as the technical report keeps them. */
export interface Measured {
  integratedLufs: number | null | undefined;
  truePeakDbtp: number | null | undefined;
}

export interface PlayAsGain {
  /** The gain the service applies (dB): negative turns it down. */
  db: number;
  /** The gain it would have applied had the true peak left room (dB), when the headroom held it back. */
  heldBackFromDb?: number;
  /** Played through the limiter (LOUD_LIMITER). */
  limited: boolean;
}

/**
 * The gain `rule` applies to a track of this loudness and true peak; null for silence or a track not measured
 * (a lift held back by headroom needs the true peak: without one, none is applied).
 */
export function playAsGain(rule: PlayAsRule, { integratedLufs, truePeakDbtp }: Measured): PlayAsGain | null {
  if (integratedLufs == null || integratedLufs <= -70) return null;
  const wanted = rule.lufs - integratedLufs;
  if (wanted <= 0) return { db: wanted, limited: false };
  if (rule.turnUp === 'never') return { db: 0, limited: false };
  if (rule.turnUp === 'limiter') return { db: wanted, limited: true };
  const room = truePeakDbtp == null ? 0 : Math.max(0, HEADROOM_CEILING_DB - truePeakDbtp);
  return room >= wanted ? { db: wanted, limited: false } : { db: room, heldBackFromDb: wanted, limited: false };
}

export const playAsRule = (id: string): PlayAsRule | undefined => PLAY_AS_RULES.find((r) => r.id === id);

/** What a player plays a track as: as uploaded, or as a service would. */
export type PlayAsChoice = 'uploaded' | PlayAsId;

/**
 * The linear gain a player applies for `choice` to a track that measured `measured`, times `trim` (a loudness
 * match between two versions), and whether the limiter holds it: as uploaded, `trim` alone. The player's 'Play
 * as' and the A/B of versions both play through this.
 */
export function playAsLevel(choice: PlayAsChoice, measured: Measured | null | undefined, trim = 1): { gain: number; limiting: boolean } {
  const rule = choice === 'uploaded' ? undefined : playAsRule(choice);
  const gain = rule && measured ? playAsGain(rule, measured) : null;
  return { gain: (gain ? 10 ** (gain.db / 20) : 1) * trim, limiting: !!gain?.limited };
}
