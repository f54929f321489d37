import { useState } from 'react';
import type { TrackView } from '@shared/schemas/tracks';
import { loudnessMatch } from '@shared/technical-report';
import { versionLabel } from '@/features/tracks/utils/track-meta';

/**
 * Loudness matching of two versions, on by default: the gain each plays at (1 for both when matching is
 * off, or cannot be done because a version was not measured) and what it does, in words (`match`).
 */
export function useLoudnessMatch(a: TrackView, b: TrackView) {
  const [matching, setMatching] = useState(true);
  const match = loudnessMatch(
    { label: versionLabel(a), integratedLufs: a.report?.integratedLufs },
    { label: versionLabel(b), integratedLufs: b.report?.integratedLufs },
  );
  const gains = matching && match ? { A: match.gainA, B: match.gainB } : { A: 1, B: 1 };
  return { match, matching, setMatching, gains };
}
