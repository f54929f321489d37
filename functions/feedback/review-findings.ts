/**
 * The analysis findings of a request's track (functions/tracks/audio/findings.ts), as its reviewer works with
 * them: each is suggested until it is confirmed (it becomes a comment made 'from analysis': shares.ts
 * addComment) or dismissed. The musician never sees what was dismissed; the admins see each detector's
 * dismiss rate.
 */
import { FINDING_KINDS, FINDING_TEXT, type Finding } from '../../shared/findings.js';
import type { FindingStatsView } from '../../shared/schemas/technical-report.js';
import type { ReviewFindingsView } from '../../shared/schemas/shares.js';
import { SHARE_STATUSES } from '../../shared/feedback.js';
import * as shares from './data/shares.js';
import type { ShareBundle } from './data/shares.js';
import { getTrack } from '../tracks/data/index.js';
import { codecOverFindings } from '../tracks/index.js';
import { BadRequest, Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { NOT_ACCEPTED, bundleFor } from './share-bundle.js';

const ONLY_THE_REVIEWER = 'Only the reviewer of this request works with its analysis';

/** A codec preview's place is read from the track as it is now: its previews are made after the request. */
const isCodecOver = (findingId: string) => findingId.startsWith('codecOver-');

/**
 * The findings of the request's track: as the request copied them, or (a request made before) the track's; and,
 * unless `only` names one of the detectors' (whose confirming or dismissal needs nothing else), the places its
 * codec previews go over full scale.
 */
async function findingsOf(bundle: ShareBundle, only?: string): Promise<Finding[]> {
  if (bundle.findings && only && !isCodecOver(only)) return bundle.findings;
  const track = await getTrack(bundle.share.trackId);
  return [...(bundle.findings ?? track?.report?.findings ?? []), ...(track ? codecOverFindings(track) : [])];
}

/** The request, for its reviewer alone, and its track's findings. */
async function trackFindings(shareId: string, userId: string): Promise<{ bundle: ShareBundle; findings: Finding[] }> {
  const bundle = await bundleFor(userId, shareId);
  if (userId !== bundle.share.sharedWithUserId) throw new Forbidden(ONLY_THE_REVIEWER);
  return { bundle, findings: await findingsOf(bundle) };
}

function reviewView(bundle: ShareBundle, findings: Finding[]): ReviewFindingsView {
  const confirmed = new Map(bundle.comments.filter((c) => c.finding).map((c) => [c.finding!, c.id]));
  const dismissed = new Set(bundle.dismissed ?? []);
  return {
    findings: findings.map((f) => {
      const commentId = confirmed.get(f.id);
      return { ...f, status: commentId ? 'confirmed' : dismissed.has(f.id) ? 'dismissed' : 'open', ...(commentId ? { commentId } : {}) };
    }),
  };
}

/** The findings with what the reviewer did with each. */
export async function findingsOfReview(userId: string, shareId: string): Promise<ReviewFindingsView> {
  const { bundle, findings } = await trackFindings(shareId, userId);
  return reviewView(bundle, findings);
}

/**
 * The finding the reviewer confirms as a comment at `timestamp`: one of the track's, not dismissed, and the
 * comment where it is. (Confirmed twice, the comment's id, made of the finding's, finds the first.)
 */
export async function findingToConfirm(bundle: ShareBundle, userId: string, findingId: string, timestamp: number | null): Promise<Finding> {
  if (userId !== bundle.share.sharedWithUserId) throw new Forbidden(ONLY_THE_REVIEWER);
  const finding = (await findingsOf(bundle, findingId)).find((f) => f.id === findingId);
  if (!finding) throw new NotFound('Finding not found');
  if (bundle.dismissed?.includes(findingId)) throw new Conflict('This finding was dismissed', 'dismissed');
  // 'From analysis' says the comment is about the finding: it stands where the finding is (a second's leeway).
  if (timestamp == null || timestamp < Math.floor(finding.start) - 1 || timestamp > finding.end + 1) {
    const message = 'A comment from analysis stands where its finding is';
    throw new BadRequest(message, { timestamp: message });
  }
  return finding;
}

/** Dismisses a finding: it is no longer suggested, and its detector's dismissals count one more. */
export async function dismissFinding(userId: string, input: { id: string; findingId: string }): Promise<ReviewFindingsView> {
  const bundle = await bundleFor(userId, input.id);
  if (userId !== bundle.share.sharedWithUserId) throw new Forbidden(ONLY_THE_REVIEWER);
  const { share } = bundle;
  if (share.status === 'pending') throw new Conflict(NOT_ACCEPTED, 'not_accepted');
  if (share.status !== 'accepted') throw new Conflict('Findings are dismissed while the review is written', 'not_open');
  // The answer lists every finding, the codec previews' places too: the track is read beside the write.
  const all = findingsOf(bundle);
  all.catch(() => {}); // a refusal below does not wait for it
  const finding = (await findingsOf(bundle, input.findingId)).find((f) => f.id === input.findingId);
  if (!finding) throw new NotFound('Finding not found');
  if (bundle.comments.some((c) => c.finding === finding.id))
    throw new Conflict('This finding is a comment already: delete the comment to take it back', 'confirmed');
  const result = await shares.dismissFinding(share.id, finding, { closed: SHARE_STATUSES.filter((s) => s !== 'accepted') });
  if (result === 'closed') throw new Conflict('This feedback request changed meanwhile. Please try again.', 'busy');
  return reviewView({ ...bundle, dismissed: [...new Set([...(bundle.dismissed ?? []), finding.id])] }, await all);
}

/** Each detector's findings confirmed and dismissed in reviews, and the share dismissed. */
export async function findingStats(): Promise<FindingStatsView> {
  const counts = await shares.findingCounts();
  return {
    detectors: FINDING_KINDS.map((kind) => {
      const confirmed = counts[`confirmed_${kind}`] ?? 0;
      const dismissed = counts[`dismissed_${kind}`] ?? 0;
      const total = confirmed + dismissed;
      return { kind, label: FINDING_TEXT[kind].label, confirmed, dismissed, dismissRate: total ? dismissed / total : null };
    }),
  };
}
