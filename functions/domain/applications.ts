/**
 * Becoming a pro: a musician applies (genres, cost range, experience, credits, a featured track), an admin
 * approves (the type switches to pro) or declines with a reason, and the applicant is e-mailed either way.
 * Nobody becomes a pro by their own request: only an admin's decision or type toggle does it.
 */
import type { ProApplicationView } from '../../shared/schemas/profile.js';
import { paths } from '../../shared/paths.js';
import { decideApplication, fileApplication, getApplication, pageApplications, type ApplicationRecord, type ApplicationStatus } from '../data/applications.js';
import { getUser, typeIndexKeys, type UserRecord } from '../data/users.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import { Conflict, NotFound } from '../lib/errors.js';
import { sendMailToUser } from './notifications.js';

const PAGE_SIZE = 20;

export const toApplicationView = (a: ApplicationRecord): ProApplicationView => ({
  userId: a.userId,
  fullName: a.fullName,
  email: a.email,
  username: a.username,
  status: a.status,
  genres: a.genres,
  costRange: a.costRange,
  experience: a.experience,
  credits: a.credits,
  featuredTrack: a.featuredTrack,
  reason: a.reason,
  submittedAt: a.submittedAt,
  decidedAt: a.decidedAt,
});

export interface ApplicationInput {
  genres: string[];
  costRange: { min: number; max: number };
  experience: number;
  credits: string;
  featuredTrack: string | null;
}

export async function apply(user: UserRecord, input: ApplicationInput): Promise<ProApplicationView> {
  const app: ApplicationRecord = {
    userId: user.id,
    fullName: user.fullName,
    email: user.email,
    username: user.username,
    status: 'pending',
    ...input,
    reason: null,
    submittedAt: new Date().toISOString(),
    decidedAt: null,
    decidedBy: null,
  };
  const result = await fileApplication(app);
  if (result === 'pending') throw new Conflict('Your application is already with our team. We will e-mail you when it is decided.', 'application_pending');
  if (result === 'not_musician') throw new Conflict('Only musicians apply to become a pro', 'not_musician');
  return toApplicationView(app);
}

export async function myApplication(user: UserRecord): Promise<ProApplicationView | null> {
  const app = await getApplication(user.id);
  return app ? toApplicationView(app) : null;
}

export async function listApplications(input: { status: ApplicationStatus; cursor?: string }) {
  const { applications, next } = await pageApplications(input.status, { limit: PAGE_SIZE, start: decodeCursor(input.cursor) });
  return { applications: applications.map(toApplicationView), next: encodeCursor(next) };
}

export async function decide(
  admin: UserRecord,
  input: { id: string; decision: 'approve' | 'decline'; reason?: string },
): Promise<ProApplicationView> {
  const app = await getApplication(input.id);
  if (!app) throw new NotFound('Application not found');
  if (app.status !== 'pending') throw new Conflict(`This application was already ${app.status}.`, 'application_decided');
  const applicant = await getUser(app.userId);
  if (!applicant) throw new NotFound('Application not found');
  // Made a pro meanwhile with the type toggle: approving closes the application, declining would contradict it.
  const alreadyPro = applicant.type === 'pro';
  if (alreadyPro && input.decision === 'decline') throw new Conflict(`${applicant.fullName} is already a pro. Switch them back to musician first to decline.`, 'already_pro');
  const status = input.decision === 'approve' ? 'approved' : 'declined';
  const reason = input.decision === 'decline' ? (input.reason ?? '') : null;
  const at = new Date().toISOString();
  if (!(await decideApplication(app, { status, reason, adminId: admin.id, at }, typeIndexKeys({ ...applicant, type: 'pro' }).GSI1SK, alreadyPro))) {
    throw new Conflict('This application changed meanwhile (decided by another admin, or the applicant is no longer a musician). Reload the list.', 'application_decided');
  }
  // The decision is made; the e-mail cannot undo it, so its failure is only logged (sendMailToUser).
  await sendMailToUser(
    app.userId,
    status === 'approved' ? 'You are now a pro on Snip' : 'Your application to become a pro',
    status === 'approved'
      ? [`Hi ${applicant.fullName},`, 'Your application was approved: you are now a pro.', 'Complete your profile (bio, availability, response time, links and your price) so musicians can choose you.']
      : [`Hi ${applicant.fullName},`, 'Thank you for applying to review as a pro. This time we did not approve the application:', reason!, 'You can apply again from your profile.'],
    paths.profile,
  );
  return toApplicationView({ ...app, status, reason, decidedAt: at, decidedBy: admin.id });
}
