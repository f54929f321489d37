/**
 * World-Class, vetted: only an admin puts a pro in World-Class (with a reason, audited) or takes them out;
 * only a vetted pro asks the World-Class price, whoever sets it; the reason shows on the pro's card, and the
 * badge on the reviews asked for while they are vetted.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callerOn, createConfirmedUser, flows, waitForEmail, type TestUser } from '../support/stack-kit.js';
import { allPros, fullReview, onboardedUser, requestFeedback, respondToShare, testAdmin, uploadTrack } from '../support/flows.js';

const stack = inject('stack');
const call = callerOn(stack);
let admin: TestUser;
let musician: TestUser;

beforeAll(async () => {
  admin = await testAdmin(stack);
  ({ user: musician } = await onboardedUser(stack, 'musician'));
});

const auditOf = async (id: string) =>
  (await call(admin, 'listAudit', {})).body.entries.filter(
    (e: { action: string; targetId: string }) => e.action === 'setWorldClass' && e.targetId === id,
  );

describe('World-Class vetting', () => {
  it('is refused to a pro not vetted, by their own price or an admin’s, and given once an admin vets them', async () => {
    const { user: pro, id } = await onboardedUser(stack, 'pro', { fullName: 'Wanda Worldclass' });
    const own = await call(pro, 'setOwnPrice', { price: 90 });
    expect(own.status).toBe(403);
    expect(own.body.error).toMatchObject({ code: 'not_world_class', message: expect.stringContaining('$90.00 World-Class price') });
    const byAdmin = await call(admin, 'setFeedbackPrice', { id, price: 90 });
    expect([byAdmin.status, byAdmin.body.error.code]).toEqual([409, 'not_world_class']);
    expect((await call(pro, 'getMe', {})).body).toMatchObject({ feedbackPriceCents: null, worldClass: null });

    const vetted = await call(admin, 'setWorldClass', { id, vetted: true, reason: 'Mixed three Beatport No. 1s' });
    expect(vetted.status, JSON.stringify(vetted.body)).toBe(200);
    expect(vetted.body.worldClass).toMatchObject({ reason: 'Mixed three Beatport No. 1s' });
    expect((await call(pro, 'setOwnPrice', { price: 90 })).body).toMatchObject({
      feedbackPriceCents: 9000,
      worldClass: { reason: 'Mixed three Beatport No. 1s' },
    });
    const card = (await allPros(stack, musician.idToken)).find((u: { id: string }) => u.id === id);
    expect(card).toMatchObject({ feedbackPriceCents: 9000, worldClass: { reason: 'Mixed three Beatport No. 1s' } });
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ adminId: expect.any(String), from: 'not World-Class', to: 'World-Class: Mixed three Beatport No. 1s' }),
    ]);
  });

  it('is not withdrawn while the pro asks the World-Class price; withdrawn, it is audited with its reason', async () => {
    const { user: pro, id } = await onboardedUser(stack, 'pro', { fullName: 'Walt Withdrawn' });
    await call(admin, 'setWorldClass', { id, vetted: true, reason: 'Grammy-nominated engineer' });
    expect((await call(pro, 'setOwnPrice', { price: 90 })).status).toBe(200);
    const refused = await call(admin, 'setWorldClass', { id, vetted: false, reason: 'Credits not confirmed' });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'world_class_price']);
    expect((await call(admin, 'setFeedbackPrice', { id, price: 30 })).status).toBe(200);
    const withdrawn = await call(admin, 'setWorldClass', { id, vetted: false, reason: 'Credits not confirmed' });
    expect([withdrawn.status, withdrawn.body.worldClass]).toEqual([200, null]);
    expect((await call(pro, 'setOwnPrice', { price: 90 })).status).toBe(403);
    expect((await auditOf(id)).map((e: { to: string }) => e.to)).toEqual([
      'not World-Class: Credits not confirmed',
      'World-Class: Grammy-nominated engineer',
    ]);
    // A free pro's vetting (no price, or a price written as null) is withdrawn as any other.
    const { id: freeId } = await onboardedUser(stack, 'pro', { fullName: 'Fay Free' });
    await call(admin, 'setWorldClass', { id: freeId, vetted: true, reason: 'Festival headliner' });
    expect((await call(admin, 'setFeedbackPrice', { id: freeId, price: 15 })).status).toBe(200);
    expect((await call(admin, 'setFeedbackPrice', { id: freeId, price: 0 })).body.feedbackPriceCents).toBeNull();
    expect((await call(admin, 'setWorldClass', { id: freeId, vetted: false, reason: 'Asked to leave it' })).body.worldClass).toBeNull();
    // The same answer again writes nothing more.
    expect((await call(admin, 'setWorldClass', { id, vetted: false, reason: 'Again' })).status).toBe(200);
    expect(await auditOf(id)).toHaveLength(2);
  });

  it('badges the reviews asked for while the pro is vetted: on the request, in the lists and on its read-only link', async () => {
    const { user: pro, id } = await onboardedUser(stack, 'pro', { fullName: 'Bea Badged' });
    const track = await uploadTrack(stack, musician, 'Badge', { seconds: 1 });
    const ask = async () =>
      (await requestFeedback(stack, musician, id, track.id, { feedbackNotes: 'How is it?', context: 'mix_check' })).body.id as string;
    const before = await ask();
    expect((await call(admin, 'setWorldClass', { id, vetted: true, reason: 'Engineered a Mercury Prize winner' })).status).toBe(200);
    const after = await ask();
    const shareOf = async (shareId: string) => (await call(musician, 'getShare', { id: shareId })).body.share;
    // What a request bought is kept with it: the one asked before the vetting carries no badge.
    expect((await shareOf(before)).reviewerWorldClass).toBeUndefined();
    expect(await shareOf(after)).toMatchObject({ reviewerWorldClass: true });
    const listed = (await call(musician, 'listShares', { as: 'author' })).body.shares as { id: string; reviewerWorldClass?: boolean }[];
    expect(listed.find((s) => s.id === after)).toMatchObject({ reviewerWorldClass: true });

    expect((await respondToShare(stack, pro, after, 'accepted')).status).toBe(200);
    expect((await fullReview(stack, pro, after, 1)).status).toBe(200);
    const link = await call(musician, 'makePublicLink', { id: after });
    const read = await call(musician, 'getPublicReview', { token: link.body.token });
    expect(read.body).toMatchObject({ reviewerName: 'Bea Badged', reviewerWorldClass: true });
  });

  it('is given with an approval of the application, in the same write, audited twice and said in the e-mail', async () => {
    const applicant = await createConfirmedUser(stack, { fullName: 'Ari Applicant' });
    const id = await flows.onboard(stack, applicant, 'musician');
    const credits = 'Produced two UK No. 1 singles; Mercury Prize shortlist 2024.';
    const applied = await call(applicant, 'applyForPro', { genres: ['House'], costRange: { min: 0, max: 90 }, experience: 9, credits });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    // Only an approval vets, and only with a reason.
    const declined = await call(admin, 'decideApplication', { id, decision: 'decline', reason: 'Not now', worldClass: credits });
    expect(declined.status).toBe(400);
    expect((await call(admin, 'decideApplication', { id, decision: 'approve', worldClass: 'x' })).status).toBe(400);
    expect((await call(applicant, 'decideApplication', { id, decision: 'approve', worldClass: credits })).status).toBe(403);

    const approved = await call(admin, 'decideApplication', { id, decision: 'approve', worldClass: credits });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await call(applicant, 'getMe', {})).body).toMatchObject({ type: 'pro', worldClass: { reason: credits } });
    expect((await call(applicant, 'setOwnPrice', { price: 90 })).body).toMatchObject({ feedbackPriceCents: 9000 });
    const entries = (await call(admin, 'listAudit', {})).body.entries.filter((e: { targetId: string }) => e.targetId === id);
    expect(entries.map((e: { action: string; to: string }) => [e.action, e.to]).sort()).toEqual([
      ['decideApplication', 'approved'],
      ['setWorldClass', `World-Class: ${credits}`],
    ]);
    const mail = await waitForEmail(stack.mailUrl, applicant.email, /You are now a pro on Snip/);
    expect(mail.body.text).toContain('vetted by Snip as World-Class');
  });

  it('is given once when vettings race: one write, one audit entry, each answered with the vetting that stands', async () => {
    const { id } = await onboardedUser(stack, 'pro', { fullName: 'Rita Raced' });
    const reasons = ['Credits one', 'Credits two', 'Credits three', 'Credits four', 'Credits five', 'Credits six'];
    const answers = await Promise.all(reasons.map((reason) => call(admin, 'setWorldClass', { id, vetted: true, reason })));
    expect(answers.map((a) => a.status)).toEqual(reasons.map(() => 200));
    const standing = answers[0].body.worldClass.reason;
    expect(reasons).toContain(standing);
    for (const a of answers) expect(a.body.worldClass.reason).toBe(standing);
    expect((await auditOf(id)).map((e: { to: string }) => e.to)).toEqual([`World-Class: ${standing}`]);
    // Withdrawn twice at once, likewise.
    const out = await Promise.all(reasons.map(() => call(admin, 'setWorldClass', { id, vetted: false, reason: 'Left the industry' })));
    expect(out.map((a) => [a.status, a.body.worldClass])).toEqual(reasons.map(() => [200, null]));
    expect(await auditOf(id)).toHaveLength(2);
  });

  it('is an admin’s alone, with a reason, for pros only', async () => {
    const { user: pro, id } = await onboardedUser(stack, 'pro');
    const { id: musicianId } = await onboardedUser(stack, 'musician');
    expect((await call(pro, 'setWorldClass', { id, vetted: true, reason: 'I am great' })).status).toBe(403);
    expect((await call(musician, 'setWorldClass', { id, vetted: true, reason: 'They are great' })).status).toBe(403);
    expect((await call(admin, 'setWorldClass', { id, vetted: true, reason: ' ' })).status).toBe(400);
    expect((await call(admin, 'setWorldClass', { id: musicianId, vetted: true, reason: 'Not a pro' })).status).toBe(404);
    expect(await auditOf(id)).toEqual([]);
  });
});
