import { CRITERIA, type CriterionKey } from '@shared/feedback';

export type Criteria = Partial<Record<CriterionKey, number>>;

/** Clicking a star sets that score; clicking the star that is already the score clears it. */
export function toggleStar(current: number | null | undefined, clicked: number): number | null {
  return current === clicked ? null : clicked;
}

/** Sets or clears one criterion. */
export function setCriterion(criteria: Criteria, key: CriterionKey, clicked: number): Criteria {
  const next = { ...criteria };
  const value = toggleStar(criteria[key], clicked);
  if (value === null) delete next[key];
  else next[key] = value;
  return next;
}

/** The feedback submit needs a rating, a comment or a general comment. */
export function hasFeedbackToSend(criteria: Criteria, commentCount: number, generalComment: string): boolean {
  return Object.values(criteria).some((v) => typeof v === 'number' && v >= 1) || commentCount > 0 || generalComment.trim() !== '';
}

/** The rated criteria in the order of the spec, for the bars. */
export function criteriaBars(criteria: Criteria): { key: CriterionKey; label: string; score: number; percent: number }[] {
  return CRITERIA.flatMap((c) => {
    const score = criteria[c.key];
    return typeof score === 'number' ? [{ key: c.key, label: c.label, score, percent: (score / 5) * 100 }] : [];
  });
}
