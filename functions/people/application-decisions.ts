/**
 * An admin's decision on an application to become a pro, e-mailed to the applicant; an approval may vet them
 * as World-Class at once (audited as the users page's vetting is). Apart from applications.ts so that the
 * users area (applying, reading one's own application) carries no mail client.
 */
import type { ProApplicationView } from '../../shared/schemas/profile.js';
import { paths } from '../../shared/paths.js';
import { auditPut } from './data/audit.js';
import { decideApplication, getApplication } from './data/applications.js';
import { getUser, type UserRecord } from './data/users.js';
import { Conflict, NotFound } from '../lib/errors.js';
import { toApplicationView } from './applications.js';
import { sendClaimedMail } from '../platform/index.js';

export async function decide(
  admin: UserRecord,
  input: { id: string; decision: 'approve' | 'decline'; reason?: string; worldClass?: string },
): Promise<ProApplicationView> {
  // An application is keyed by its applicant's id: both are read at once.
  const [app, read] = await Promise.all([getApplication(input.id), getUser(input.id)]);
  if (!app || !read) throw new NotFound('Application not found');
  if (app.status !== 'pending') throw new Conflict(`This application was already ${app.status}.`, 'application_decided');
  const status = input.decision === 'approve' ? 'approved' : 'declined';
  const reason = input.decision === 'decline' ? (input.reason ?? '') : null;
  const at = new Date().toISOString();
  const worldClass = input.decision === 'approve' && input.worldClass ? { reason: input.worldClass, at, by: admin.id } : undefined;
  // The applicant's record is written on condition that it is the version read: one changed meanwhile (a
  // profile save) is decided on again once, from the record that won, which the refusal returns.
  let applicant: UserRecord = read;
  for (let attempt = 0; ; attempt++) {
    // Made a pro meanwhile with the type toggle: approving closes the application, declining would contradict it.
    const alreadyPro = applicant.type === 'pro';
    if (alreadyPro && input.decision === 'decline')
      throw new Conflict(`${applicant.fullName} is already a pro. Switch them back to musician first to decline.`, 'already_pro');
    const entry = {
      adminId: admin.id,
      adminEmail: admin.email,
      targetId: app.userId,
      targetEmail: applicant.email,
      method: 'PUT',
      status: 200,
    };
    const audits = [
      auditPut({
        ...entry,
        action: 'decideApplication',
        path: `/pro-applications/${app.userId}`,
        from: 'pending',
        to: reason ? `${status}: ${reason}` : status,
      }),
      ...(worldClass
        ? [
            auditPut({
              ...entry,
              action: 'setWorldClass',
              path: `/users/${app.userId}/world-class`,
              from: applicant.worldClass ? `World-Class: ${applicant.worldClass.reason}` : 'not World-Class',
              to: `World-Class: ${worldClass.reason}`,
            }),
          ]
        : []),
    ];
    const result = await decideApplication(app, { status, reason, adminId: admin.id, at, worldClass }, applicant, alreadyPro, audits);
    if (result === 'decided') break;
    if (result === 'application_changed' || !result.applicant || attempt > 0) {
      throw new Conflict(
        'This application changed meanwhile (decided by another admin, or the applicant is no longer a musician). Reload the list.',
        'application_decided',
      );
    }
    applicant = result.applicant;
  }
  // The decision is made, and made once (the transaction): it is the e-mail's claim. A failure to send
  // cannot undo it, so it is only logged. The applicant read above is the recipient: nothing is read again.
  await sendClaimedMail(
    applicant,
    'account',
    status === 'approved' ? 'You are now a pro on Snip' : 'Your application to become a pro',
    status === 'approved'
      ? [
          `Hi ${applicant.fullName},`,
          worldClass
            ? `Your application was approved: you are now a pro, vetted by Snip as World-Class (${worldClass.reason}). You may ask the World-Class price.`
            : 'Your application was approved: you are now a pro.',
          'Complete your profile (bio, availability, response time, links and your price) so musicians can choose you.',
        ]
      : [
          `Hi ${applicant.fullName},`,
          'Thank you for applying to review as a pro. This time we did not approve the application:',
          reason!,
          'You can apply again from your profile.',
        ],
    paths.profile,
  );
  return toApplicationView({ ...app, status, reason, decidedAt: at, decidedBy: admin.id });
}
