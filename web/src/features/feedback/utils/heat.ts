import { findCategory } from '@shared/feedback';

/** A reviewer's timed comments on a track, as the heat strip counts them. */
export interface ReviewComments {
  shareId: string;
  reviewerName: string;
  comments: { id: string; timestamp: number | null; endTimestamp?: number | null; text: string; tags: string[] }[];
}

/** One stretch of the track: how many comments fall in it, from how many reviewers, and their main category. */
export interface HeatBin {
  start: number;
  end: number;
  count: number;
  reviewers: number;
  /** The category most of its comments carry (their first tag), if any. */
  category: string | null;
  /** 0 to 1: its count against the busiest stretch's. */
  heat: number;
  comments: {
    shareId: string;
    reviewerName: string;
    id: string;
    timestamp: number;
    endTimestamp?: number | null;
    text: string;
    tags: string[];
  }[];
}

/**
 * Where comments cluster: the track cut into `bins` equal stretches, each comment counted in every
 * stretch it covers (a moment in one; a range in all it spans), listed in time order.
 */
export function heatBins(reviews: ReviewComments[], duration: number, bins: number): HeatBin[] {
  const size = duration > 0 ? duration / bins : 1;
  const out: HeatBin[] = Array.from({ length: bins }, (_, i) => ({
    start: i * size,
    end: (i + 1) * size,
    count: 0,
    reviewers: 0,
    category: null,
    heat: 0,
    comments: [],
  }));
  const binOf = (t: number) => Math.min(bins - 1, Math.max(0, Math.floor(t / size)));
  for (const r of reviews) {
    for (const c of r.comments) {
      if (c.timestamp == null) continue;
      const last = c.endTimestamp != null && c.endTimestamp > c.timestamp ? binOf(c.endTimestamp - 1e-9) : binOf(c.timestamp);
      for (let i = binOf(c.timestamp); i <= last; i++)
        out[i].comments.push({ shareId: r.shareId, reviewerName: r.reviewerName, ...c, timestamp: c.timestamp });
    }
  }
  const most = Math.max(1, ...out.map((b) => b.comments.length));
  for (const b of out) {
    b.comments.sort((x, y) => x.timestamp - y.timestamp);
    b.count = b.comments.length;
    b.reviewers = new Set(b.comments.map((c) => c.shareId)).size;
    b.heat = b.count / most;
    const tally = new Map<string, number>();
    for (const c of b.comments) if (c.tags[0]) tally.set(c.tags[0], (tally.get(c.tags[0]) ?? 0) + 1);
    const top = [...tally].sort((x, y) => y[1] - x[1])[0];
    b.category = top ? (findCategory(top[0])?.key ?? null) : null;
  }
  return out;
}
