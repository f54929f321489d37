/**
 * A mix against a reference track the musician attached to a request: loudness, and the tonal balance and
 * stereo width of four broad bands, as differences a reviewer can cite ('Low band +3.1 dB vs reference 1').
 * The bands are each one's share of the track's whole energy, so the balance compares as if both played equally
 * loud (functions/tracks/audio/bands.ts measures them).
 */

/** The four broad bands, each up to its corner (the last to the top of the spectrum). */
export const REFERENCE_BANDS = [
  { id: 'low', label: 'Low band', range: 'below 250 Hz', upToHz: 250 },
  { id: 'lowMids', label: 'Low mids', range: '250 Hz to 2 kHz', upToHz: 2000 },
  { id: 'highMids', label: 'High mids', range: '2 to 8 kHz', upToHz: 8000 },
  { id: 'highs', label: 'Highs', range: 'above 8 kHz', upToHz: undefined },
] as const;
export type ReferenceBandId = (typeof REFERENCE_BANDS)[number]['id'];

/** A band's share of the whole energy (dB), and its width: the side's share of its energy (0 mono, 0.5 unrelated channels, 1 out of phase). */
export interface BandBalance {
  shareDb: number | null;
  width: number | null;
}

/** What a comparison reads of each side. */
export interface Compared {
  integratedLufs: number | null;
  /** The loudest short-term loudness (3 s), LUFS. */
  loudestShortTermLufs: number | null;
  loudnessRange: number | null;
  bands: BandBalance[] | null;
}

export interface ComparisonRow {
  id: 'integrated' | 'loudest' | 'range' | `band-${ReferenceBandId}` | `width-${ReferenceBandId}`;
  label: string;
  mix: number | null;
  reference: number | null;
  /** Mix minus reference; null where either is unknown. */
  difference: number | null;
  unit: 'LUFS' | 'LU' | 'dB' | '%';
  /** The line a reviewer can put in a comment, e.g. 'Low band +3.1 dB vs reference 1'. */
  citation: string | null;
}

/** Differences smaller than this say nothing a listener hears (dB or LU; width in points of per cent). */
export const NOTEWORTHY = { db: 1, widthPoints: 5 } as const;

const signed = (v: number, places = 1) => `${v > 0 ? '+' : v < 0 ? '\u2212' : '\u00b1'}${Math.abs(v).toFixed(places)}`;

function row(
  id: ComparisonRow['id'],
  label: string,
  mix: number | null,
  reference: number | null,
  unit: ComparisonRow['unit'],
  name: string,
): ComparisonRow {
  const difference = mix === null || reference === null ? null : Math.round((mix - reference) * 10) / 10;
  // A difference of loudness is in LU, whatever the loudness is in.
  const shown = unit === '%' ? 'points of width' : unit === 'LUFS' ? 'LU' : unit;
  return {
    id,
    label,
    mix,
    reference,
    difference,
    unit,
    citation: difference === null ? null : `${label} ${signed(difference)} ${shown} vs ${name}`,
  };
}

/** The rows of a mix against a reference called `name` ('reference 1'). */
export function compareToReference(mix: Compared, reference: Compared, name: string): ComparisonRow[] {
  const rows = [
    row('integrated', 'Integrated loudness', mix.integratedLufs, reference.integratedLufs, 'LUFS', name),
    row('loudest', 'Loudest 3 s', mix.loudestShortTermLufs, reference.loudestShortTermLufs, 'LUFS', name),
    row('range', 'Loudness range', mix.loudnessRange, reference.loudnessRange, 'LU', name),
  ];
  REFERENCE_BANDS.forEach((band, b) => {
    const m = mix.bands?.[b];
    const r = reference.bands?.[b];
    rows.push(row(`band-${band.id}`, band.label, m?.shareDb ?? null, r?.shareDb ?? null, 'dB', name));
  });
  REFERENCE_BANDS.forEach((band, b) => {
    const width = (v: number | null | undefined) => (v == null ? null : Math.round(v * 1000) / 10);
    rows.push(row(`width-${band.id}`, `${band.label} width`, width(mix.bands?.[b]?.width), width(reference.bands?.[b]?.width), '%', name));
  });
  return rows;
}

/** Whether a row's difference is large enough to point out. */
export function noteworthy(r: ComparisonRow): boolean {
  if (r.difference === null) return false;
  return Math.abs(r.difference) >= (r.unit === '%' ? NOTEWORTHY.widthPoints : NOTEWORTHY.db);
}
