/**
 * Every route answers within 3 sequential DynamoDB round trips. The local gateway counts the calls each
 * request makes (calls started together count once) and reports them in response headers; the webhooks,
 * which the PayPal and Stripe stand-ins deliver, are read from the gateway's per-route record. The walk
 * calls every route of the table once successfully, so a new route must be added here to pass.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routeNames, routes, type RouteName } from '../../shared/api/routes.js';
import { IMPERSONATION_HEADER, routeKey } from '../../shared/api/route.js';
import { DYNAMO_CALLS_HEADER, DYNAMO_CALLS_PATH, DYNAMO_SEQUENTIAL_HEADER } from '../../scripts/dev/stack/gateway.js';
import {
  answerTotpChallenge,
  callRoute,
  createConfirmedUser,
  flows,
  listEmails,
  passwordSignIn,
  signInTokens,
  type TestUser,
  until,
  useStackEnvironment,
  waitForEmail,
} from '../support/stack-kit.js';
import { defectsWavBytes, pngBytes, wavBytes } from '../support/audio.js';
import { signInWaitMs } from '../../shared/authenticator.js';
import { totpCode } from '../support/totp.js';
import { callRouteFrom, randomLoopback } from '../support/loopback.js';
import { LOCAL_PAYMENT_SECRETS } from '../../scripts/dev/stack/local-names.js';

const stack = inject('stack');
const MAX_SEQUENTIAL = 3;
/**
 * PayPal's webhook (server to server, nobody waiting) has one more: its gate's look-up of the event and count
 * of the address, made before PayPal is asked to verify anything (money/paypal-webhook-gate.ts).
 */
const GATE_ROUND_TRIPS: Partial<Record<RouteName, number>> = {
  // And up to two more when a payout's move loses its race to the send's own answer: the payout is read
  // again, then the move is decided on it as it now stands, or, with none left to make, the event is
  // recorded on its own (money/payout-settlement.ts). The record is the route's across every test of the
  // run, the payouts' races included.
  paypalWebhook: 3,
  submitFeedback: 1,
  rateFeedback: 1,
  deleteTracks: 1,
  deleteMyAccount: 6,
  // AI Suggest reads the request (is the caller its reviewer?) before it takes a use from the hour's limit,
  // so a refused ask costs nothing, and takes it before the model is asked, so the limit bounds what the
  // model costs; the suggestion is kept on the request after the model answers. The model's seconds dwarf it.
  suggestComment: 1,
  // Snip Pro's order matches before it is written: the genre's pool (beside the track, the payer's open orders
  // and limits), then its pros' records and listings, then the payment; a write lost to a payment webhook's
  // change of the payer's open orders at that moment is tried again (seen once in a whole run of the suite).
  createPoolRequest: 1,
  // Withdrawing a Snip Pro request records its refund before it answers (the musician reads 'refunded', and the
  // e-mail goes), as the scheduled check's refunds do: the payment read, its move, then the refund's record.
  withdrawPoolRequest: 1,
};
// A review delivered or rated moves the reviewer's reputation (people/reputation.ts): their listing, read
// beside the write, is written after it, on condition that it is as read; that write depends on the first.
// Recording it from the table's stream instead would take it off the request.
// Deleting a track with later versions reads them (each in its own partition) once the track has named
// them; the whole stack then goes in one transaction (tracks/track-deletion.ts deleteTrack).
// 'Delete my account' goes a step at a time, so that a stop part-way is finished by asking again: the
// account's lists, what stops it, the tracks as a track deletion takes them, then the user's records.
const options = { feedbackNotes: 'Is the low end too heavy?', context: 'mix_check' };

/** The most calls and sequential round trips each route needed. */
const seen = new Map<RouteName, { calls: number; sequential: number }>();
/** The same for writes an admin makes as a user: the route's own, plus the audit entry before and its status after. */
const seenImpersonated = new Map<RouteName, { calls: number; sequential: number }>();
const AUDIT_ROUND_TRIPS = 2;

/**
 * This file's address for the public routes, each limited per address: from 127.0.0.1 the file would share
 * their counts with every other file that calls them meanwhile (a fuzzing run can spend a minute's worth).
 */
const ownAddress = randomLoopback();

async function call(name: RouteName, input: Record<string, unknown>, user?: TestUser, headers: Record<string, string> = {}) {
  const res =
    routes[name].access === 'public' && !user
      ? await callRouteFrom(stack.apiUrl, name, input, ownAddress)
      : await callRoute(stack.apiUrl, name, input, user?.idToken, undefined, headers);
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  const calls = Number(res.headers.get(DYNAMO_CALLS_HEADER));
  const sequential = Number(res.headers.get(DYNAMO_SEQUENTIAL_HEADER));
  const record = headers[IMPERSONATION_HEADER] ? seenImpersonated : seen;
  const before = record.get(name);
  record.set(name, { calls: Math.max(before?.calls ?? 0, calls), sequential: Math.max(before?.sequential ?? 0, sequential) });
  return res.body;
}

let musician: TestUser;
let reviewer: TestUser;
let pro: TestUser;
let applicant: TestUser;
let admin: TestUser;
let reviewerId: string;
let proId: string;
/** A share the reviewer has accepted and left open, for the impersonated comment. */
let reviewerShareId: string;

beforeAll(async () => {
  useStackEnvironment(stack);
  [musician, reviewer, pro, applicant, admin] = await Promise.all([
    createConfirmedUser(stack, { prefix: 'rt-musician', fullName: 'Rita Trips' }),
    createConfirmedUser(stack, { prefix: 'rt-reviewer', fullName: 'Remy Trips' }),
    createConfirmedUser(stack, { prefix: 'rt-pro', fullName: 'Priya Trips' }),
    createConfirmedUser(stack, { prefix: 'rt-applicant', fullName: 'Abe Trips' }),
    flows.testAdmin(stack),
  ]);
  await flows.onboard(stack, musician, 'musician');
  [reviewerId, proId] = await Promise.all([flows.onboard(stack, reviewer, 'pro'), flows.onboard(stack, pro, 'pro')]);
}, 60_000);

describe('DynamoDB round trips per route', () => {
  it('users: sign-up checks, onboarding, profile, pictures, applying', async () => {
    await call('health', {});
    await call('reportTelemetry', {
      sessionId: randomUUID(),
      sampled: true,
      events: [{ kind: 'session', at: 1, page: '/login', name: 'page' }],
    });
    await call('emailExists', { email: musician.email });
    await call('usernameExists', { username: `free${randomUUID().slice(0, 8)}` });
    await call('getShowcase', {});
    await call('listPublicPlans', {});
    await call('getMe', {}, musician);
    await call('chooseType', { type: 'musician' }, applicant);
    await call('saveGenres', { genres: ['House'] }, applicant);
    await call('applyForPro', { genres: ['House'], costRange: { min: 0, max: 50 }, experience: 3 }, applicant);
    await call('getMyApplication', {}, applicant);
    await call('updateProfile', { bio: 'Producer from Lisbon', fullName: 'Rita Trips' }, musician);
    await call('saveSocialLinks', { links: { instagram: 'rita' } }, musician);
    const png = pngBytes();
    const ticket = await call('createImageUpload', { kind: 'photo', contentType: 'image/png', size: png.length }, musician);
    await presignedPost(ticket, png, 'image/png', 'me.png');
    await call('saveProfileImage', { kind: 'photo', key: ticket.key }, musician);
    await call('saveProProfile', { genres: ['House'], costRange: { min: 10, max: 60 }, experience: 4 }, pro);
    await call('setOwnPrice', { price: 30 }, pro);
    await call('getEarnings', {}, pro);
    await call('getStatement', { month: new Date().toISOString().slice(0, 7) }, pro);
    await call('searchUsers', { q: 'Trips' }, musician);
    await call('listPros', {}, musician);
    const me = await call('saveMailPreferences', { marketing: true }, musician);
    // An e-mail's unsubscribe link carries a token made with the user's key, which only their e-mails show.
    const { getUser } = await import('../../functions/people/data/users.js');
    const { mailToken } = await import('../../functions/platform/mail-links.js');
    await call('unsubscribe', { token: mailToken((await getUser(me.id))!, 'marketing'), kind: 'marketing' });
    await call('takeConfirmedEmail', {}, musician);
    await call('passwordChanged', {}, musician);
  });

  it('tracks and free feedback: upload, share, comments, feedback, rating, deleting two shared tracks', async () => {
    const uploads = await import('../../functions/tracks/data/uploads.js');
    const tracks = [];
    // Registered while processing runs (a long file: processing cannot finish first), then once it has finished.
    for (const [title, seconds, waitForProcessing] of [
      ['Trip One', 30, false],
      ['Trip Two', 2, true],
    ] as const) {
      const wav = wavBytes({ seconds });
      const ticket = await call('createUploadUrl', { filename: `${title}.wav`, contentType: 'audio/wav', size: wav.length }, musician);
      await presignedPost(ticket, wav, 'audio/wav', `${title}.wav`);
      if (waitForProcessing) await until('processing to record its result', () => uploads.getResult(ticket.key), Boolean);
      const created = await call('createTrack', { key: ticket.key, title }, musician);
      tracks.push(await flows.processedTrack(stack, musician, created.id));
    }
    await call('listTracks', {}, musician);
    await call('updateSnippet', { id: tracks[0].id, snippet: { start: 0, end: 1.5 } }, musician);
    await call('renameTrack', { id: tracks[0].id, title: 'Trip One (edit)' }, musician);

    const shares = [];
    for (const track of tracks)
      shares.push(await call('createShare', { sharedWithId: reviewerId, trackId: track.id, shareOptions: options }, musician));
    const [share] = shares;
    await call('listShares', { as: 'reviewer' }, reviewer);
    await call('listShares', { as: 'author' }, musician);
    await call('getShare', { id: share.id }, reviewer);
    await call('getSignedUrl', { trackId: tracks[0].id }, reviewer);
    await call('getTrackReport', { trackId: tracks[0].id }, reviewer);
    await call('respondToShare', { id: share.id, status: 'accepted' }, reviewer);
    const comment = await call('addComment', { id: share.id, timestamp: 1.2, text: 'Kick is buried', tags: ['#Mixing'] }, reviewer);
    await call(
      'updateComment',
      { id: share.id, commentId: comment.id, text: 'Kick is buried under the bass', tags: ['#Mixing'] },
      reviewer,
    );
    const extra = await call('addComment', { id: share.id, timestamp: null, text: 'Nice overall', tags: [] }, reviewer);
    await call('deleteComment', { id: share.id, commentId: extra.id }, reviewer);
    await call('suggestComment', { text: 'kick buried', timestamp: 1.2, shareId: share.id }, reviewer);
    // A track with defects analysis finds: one confirmed as a comment, one dismissed.
    const pinned = await flows.registerUpload(stack, musician, defectsWavBytes(), 'Pinned.wav', 'Pinned');
    const pins = await call('createShare', { sharedWithId: reviewerId, trackId: pinned.id, shareOptions: options }, musician);
    await call('respondToShare', { id: pins.id, status: 'accepted' }, reviewer);
    await call('listReviewFindings', { id: pins.id }, reviewer);
    await call('addComment', { id: pins.id, timestamp: 1, text: 'Clipped here', tags: ['#Mastering'], finding: 'clip-1' }, reviewer);
    await call('dismissFinding', { id: pins.id, findingId: 'click-1' }, reviewer);
    // A reference track on the open request: attached, processed, played by the reviewer, removed.
    const reference = wavBytes({ seconds: 2 });
    const attached = await call(
      'createReference',
      { id: pins.id, filename: 'Ref.wav', contentType: 'audio/wav', size: reference.length },
      musician,
    );
    await presignedPost(attached.upload, reference, 'audio/wav', 'Ref.wav');
    await until(
      'the reference processed',
      async () => (await callRoute(stack.apiUrl, 'listReferences', { id: pins.id }, musician.idToken)).body.references[0]?.status,
      (status) => status === 'ready',
    );
    await call('listReferences', { id: pins.id }, reviewer);
    await call('getReferenceUrl', { id: pins.id, referenceId: attached.reference.id }, reviewer);
    await call('deleteReference', { id: pins.id, referenceId: attached.reference.id }, musician);
    const { session } = await call('startListening', { id: share.id }, reviewer);
    await call('reportListening', { id: share.id, session, ranges: [[0, 1]] }, reviewer);
    await call('saveDraft', { id: share.id, criteria: { energyImpact: 5 }, comment: 'Solid', note: '' }, reviewer);
    await call('submitFeedback', { id: share.id, criteria: { mixingMastering: 3, energyImpact: 5 }, comment: 'Solid track' }, reviewer);
    await call('rateFeedback', { id: share.id, rating: 4, comment: 'Thanks' }, musician);
    const link = await call('makePublicLink', { id: share.id }, musician);
    await call('getPublicLink', { id: share.id }, musician);
    await call('getPublicReview', { token: link.token });
    await call('checkReceipt', { signed: JSON.stringify({ v: 1 }), signature: 'AAAA', keyId: 'local:0', algorithm: 'ECDSA_SHA_256' });
    await call('revokePublicLink', { id: share.id }, musician);
    await call('exportMyData', {}, musician);
    await call('getDeletionCheck', {}, musician);
    // A musician of one track and one review, leaving.
    const leaving = (await flows.onboardedUser(stack, 'musician')).user;
    const theirs = await flows.uploadTrack(stack, leaving, 'Leaving', { seconds: 1 });
    const asked = await call('createShare', { sharedWithId: reviewerId, trackId: theirs.id, shareOptions: options }, leaving);
    await call('respondToShare', { id: asked.id, status: 'accepted' }, reviewer);
    await call('submitFeedback', { id: asked.id, criteria: { energyImpact: 4 }, comment: 'Solid' }, reviewer);
    await call('deleteMyAccount', { email: leaving.email }, leaving);
    await call('getProgress', {}, musician);
    await call('getSuggestionUsage', {}, reviewer);
    const template = await call('createTemplate', { title: 'Low end', text: 'Kick and bass fight' }, reviewer);
    await call('updateTemplate', { id: template.id, title: 'Low end', text: 'Sidechain the bass' }, reviewer);
    await call('listTemplates', {}, reviewer);
    await call('deleteTemplate', { id: template.id }, reviewer);

    // A new version of the reviewed track, and the same reviewer's re-check of it.
    const v2wav = wavBytes({ seconds: 2 });
    const v2ticket = await call(
      'createUploadUrl',
      { filename: 'Trip One v2.wav', contentType: 'audio/wav', size: v2wav.length, versionOf: tracks[0].id },
      musician,
    );
    await presignedPost(v2ticket, v2wav, 'audio/wav', 'Trip One v2.wav');
    const v2 = await call('createTrack', { key: v2ticket.key, title: 'Trip One', versionOf: tracks[0].id }, musician);
    await flows.processedTrack(stack, musician, v2.id);
    // As the re-check dialog asks: of the track the review was on (a version names its track).
    await call('listTrackVersions', { trackId: share.trackStackId ?? share.trackId }, musician);
    await call('getRecheckQuote', { id: share.id }, musician);
    const recheck = await call(
      'createShare',
      { sharedWithId: reviewerId, trackId: v2.id, shareOptions: options, recheckOf: share.id },
      musician,
    );
    await call('markCheck', { id: recheck.id, commentId: comment.id, timestamp: 1 }, musician);
    await call('respondToShare', { id: recheck.id, status: 'accepted' }, reviewer);
    await call('markCheck', { id: recheck.id, commentId: comment.id, mark: 'fixed', note: 'Better now' }, reviewer);
    await call('submitFeedback', { id: recheck.id, criteria: { mixingMastering: 4 } }, reviewer);
    await call('getShare', { id: recheck.id }, musician);

    const deleted = await call('deleteTracks', { ids: tracks.map((t) => t.id) }, musician);
    expect(deleted.deleted).toHaveLength(2);

    const kept = await flows.uploadTrack(stack, musician, 'Trip Kept', { seconds: 1 });
    reviewerShareId = (await call('createShare', { sharedWithId: reviewerId, trackId: kept.id, shareOptions: options }, musician)).id;
    await call('respondToShare', { id: reviewerShareId, status: 'accepted' }, reviewer);
  });

  it('paid feedback and plans: PayPal order and capture, Stripe checkout and portal, both webhooks', async () => {
    const track = await flows.uploadTrack(stack, musician, 'Trip Paid', { seconds: 1 });
    const order = await call(
      'createOrder',
      { proUserId: proId, trackId: track.id, shareOptions: options, feedbackPriceCents: 3000 },
      musician,
    );
    const token = new URL(order.approveUrl).searchParams.get('token')!;
    const approved = await fetch(new URL('/checkoutnow/approve', stack.paypalUrl), {
      method: 'POST',
      body: new URLSearchParams({ token }),
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    await call('captureOrder', { orderId: order.orderId }, musician);
    await call('listMyPayments', {}, musician);
    await call('getReceipt', { orderId: order.orderId }, musician);
    // Cancelled on PayPal's page: the order is given up at once.
    const cancelled = await call(
      'createOrder',
      { proUserId: proId, trackId: track.id, shareOptions: options, feedbackPriceCents: 3000 },
      musician,
    );
    await call('cancelOrder', { orderId: cancelled.orderId }, musician);

    // Snip Pro: the pro takes pool work in a genre no other file's pros take; the request is matched, paid, offered and claimed.
    await call('saveProProfile', { genres: ['House', 'Salsa'], costRange: { min: 10, max: 60 }, experience: 4 }, pro);
    await call('updateProfile', { takesPoolWork: true }, pro);
    const pooled = await call('createPoolRequest', { trackId: track.id, genre: 'Latin', shareOptions: options }, musician);
    const poolToken = new URL(pooled.approveUrl).searchParams.get('token')!;
    await fetch(new URL('/checkoutnow/approve', stack.paypalUrl), {
      method: 'POST',
      body: new URLSearchParams({ token: poolToken }),
      redirect: 'manual',
    });
    await call('captureOrder', { orderId: pooled.orderId }, musician);
    await call('listWaitingPoolRequests', {}, musician);
    expect((await call('listPoolOffers', {}, pro)).offers).toEqual([expect.objectContaining({ orderId: pooled.orderId })]);
    await call('claimPoolRequest', { orderId: pooled.orderId }, pro);
    // Another, withdrawn by the musician before anyone takes it: refunded at once.
    const withdrawn = await call('createPoolRequest', { trackId: track.id, genre: 'Latin', shareOptions: options }, musician);
    await fetch(new URL('/checkoutnow/approve', stack.paypalUrl), {
      method: 'POST',
      body: new URLSearchParams({ token: new URL(withdrawn.approveUrl).searchParams.get('token')! }),
      redirect: 'manual',
    });
    await call('captureOrder', { orderId: withdrawn.orderId }, musician);
    await call('withdrawPoolRequest', { orderId: withdrawn.orderId }, musician);

    const plans = await call('listPlans', {}, musician);
    const plus = plans.plans.find((p: { name: string }) => p.name === 'Plus');
    const checkout = await call('createCheckoutSession', { priceId: plus.price.id }, musician);
    const paid = await fetch(checkout.url, {
      method: 'POST',
      body: new URLSearchParams({
        email: musician.email,
        cardNumber: '4242 4242 4242 4242',
        cardExpiry: '12 / 34',
        cardCvc: '123',
        billingName: 'Rita Trips',
      }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await until(
      'the plan to change',
      async () => (await callRoute(stack.apiUrl, 'listPlans', {}, musician.idToken)).body.canManage,
      Boolean,
    );
    await call('createPortalSession', {}, musician);
    // Both stand-ins have delivered their webhooks by now (the plan changed on Stripe's; PayPal's follow the capture).
    await until('the PayPal webhooks', async () => (await gatewayRecord())[routeKey(routes.paypalWebhook)], Boolean);
  });

  it('disputes: a paid review reported, in the queue, refunded, among the decided', async () => {
    const reported = await paidRequest('Trip Reported');
    await call('respondToShare', { id: reported.shareId, status: 'accepted' }, pro);
    const reviewed = await flows.fullReview(stack, pro, reported.shareId, 1);
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    await call('reportReview', { id: reported.shareId, reason: 'generic', text: 'Copy-paste' }, musician);
    await call('listDisputes', {}, admin);
    await call('resolveDispute', { id: reported.shareId, decision: 'refund' }, admin);
    await call('listDecidedDisputes', {}, admin);
  });

  it('refunds: a paid request declined, one whose track is deleted, refunds made at PayPal, a capture after its track was deleted', async () => {
    const declined = await paidRequest('Trip Declined');
    await call('respondToShare', { id: declined.shareId, status: 'declined' }, pro);
    const withdrawn = await paidRequest('Trip Withdrawn');
    await call('deleteTracks', { ids: [withdrawn.trackId] }, musician);
    // Refunded at PayPal by hand: only the webhook tells us. In full, then in part (the rest is refunded).
    const reversed = await paidRequest('Trip Reversed');
    await refundAtPaypal(reversed.orderId);
    const partly = await paidRequest('Trip Part Reversed');
    await refundAtPaypal(partly.orderId, '10.00');
    // Ordered while the track was there, deleted before the payer approved: the capture is refunded. Whichever
    // meets the deleted track first, this capture or the approval's webhook, is held to the budget.
    const gone = await flows.uploadTrack(stack, musician, 'Trip Gone', { seconds: 1 });
    const order = await call(
      'createOrder',
      { proUserId: proId, trackId: gone.id, shareOptions: options, feedbackPriceCents: 3000 },
      musician,
    );
    await call('deleteTracks', { ids: [gone.id] }, musician);
    await approve(order.approveUrl);
    expect(['refunding', 'refunded']).toContain((await call('captureOrder', { orderId: order.orderId }, musician)).status);

    const { readShare } = await import('../../functions/feedback/data/shares.js');
    for (const [title, orderId, reason] of [
      ['Trip Declined', declined.orderId, 'declined'],
      ['Trip Withdrawn', withdrawn.orderId, 'track_deleted'],
      ['Trip Reversed', reversed.orderId, 'reversed'],
      ['Trip Part Reversed', partly.orderId, 'reversed'],
      ['Trip Gone', order.orderId, 'track_deleted'],
    ]) {
      const p = await until(
        `${title} refunded`,
        () => payment(orderId),
        (v) => v.status === 'refunded',
        30_000,
      );
      expect(p.refundReason, title).toBe(reason);
      if (reason === 'reversed') expect((await readShare(p.shareId))?.record.status, title).toBe('cancelled');
      // The webhooks of the refund were answered (and so recorded by the gateway), and the payer was told once.
      await refundWebhooksAnswered(p.captureId!);
      await waitForEmail(stack.mailUrl, musician.email, new RegExp(`^Refunded: feedback on ${title}$`));
      expect(
        (await listEmails(stack.mailUrl, musician.email)).filter((m) => m.subject === `Refunded: feedback on ${title}`),
        title,
      ).toHaveLength(1);
    }
    const { allEntries } = await import('../../functions/money/data/ledger.js');
    const { getUser } = await import('../../functions/people/data/users.js');
    expect((await getUser(proId))!.balanceCents).toBe((await allEntries(proId)).reduce((sum, e) => sum + e.amountCents, 0));
  });

  it('admin: users, prices, balances, margin, applications, impersonation, audit, refunds to look at', async () => {
    // A refund PayPal kept refusing, as the checks leave it for an admin (paid before the price changes below).
    const payments = await import('../../functions/money/data/payments.js');
    // One PayPal never heard of, so that no webhook or scheduled check of the stack finishes it meanwhile.
    const stuckId = `STUCK${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    const at = new Date().toISOString();
    const stuck = {
      orderId: stuckId,
      invoiceId: randomUUID(),
      payerId: randomUUID(),
      payerName: 'Rita Trips',
      proUserId: proId,
      proName: 'Priya Trips',
      trackId: randomUUID(),
      trackTitle: 'Trip Stuck',
      amountCents: 3000,
      shareOptions: options as never,
      shareId: randomUUID(),
      status: 'refunding' as const,
      captureId: `CAP${stuckId}`,
      credited: false,
      refundReason: 'declined' as const,
      createdAt: at,
      updatedAt: at,
    };
    expect((await payments.putPayment(stuck)).created).toBe(true);
    // Its tenth refusal: handed to an admin.
    const { refundRefused } = await import('../../functions/money/payment-checks.js');
    await refundRefused({ ...stuck, refundAttempts: 9 }, new Error('PayPal did not refund a capture: 422'), new Date());
    await call('listStuckRefunds', {}, admin);
    await call('retryRefund', { orderId: stuck.orderId }, admin);
    const users = await call('listUsers', { type: 'pro', q: 'Trips' }, admin);
    expect(users.users.length).toBeGreaterThan(0);
    await call('setFeedbackPrice', { id: proId, price: 20 }, admin);
    const page = await call('listUsers', { type: 'pro', q: pro.email }, admin);
    const balance = page.users[0].balanceCents as number;
    await call('adjustBalance', { id: proId, balance: balance / 100 + 1, expectedBalanceCents: balance, reason: 'Goodwill credit' }, admin);
    await call('setWorldClass', { id: proId, vetted: true, reason: 'Round trips' }, admin);
    const settings = await call('getSettings', {}, admin);
    await call('updateMargin', { margin: settings.margin, expectedUpdatedAt: settings.updatedAt }, admin);
    const pending = await call('listApplications', {}, admin);
    const application = pending.applications.find((a: { email: string }) => a.email === applicant.email);
    await call('decideApplication', { id: application.userId, decision: 'approve' }, admin);
    await call('setUserType', { id: application.userId, type: 'musician' }, admin);
    const impersonation = await call('impersonate', { userId: reviewerId }, admin);
    await call('updateProfile', { bio: 'Edited by support' }, admin, { [IMPERSONATION_HEADER]: impersonation.token });
    await call('addComment', { id: reviewerShareId, timestamp: 2, text: 'Support fixed a typo', tags: [] }, admin, {
      [IMPERSONATION_HEADER]: impersonation.token,
    });
    await call('listAudit', {}, admin);
    await call('getFindingStats', {}, admin);
    await call('getPoolHealth', {}, admin);
  });

  it('payouts: an address set, a withdrawal, the lists, a hold and its release', async () => {
    const page = await call('listUsers', { type: 'pro', q: pro.email }, admin);
    const balance = page.users[0].balanceCents as number;
    await call('adjustBalance', { id: proId, balance: balance / 100 + 20, expectedBalanceCents: balance, reason: 'Round trips' }, admin);
    await call('setPayoutAccount', { email: `paid-${randomUUID().slice(0, 8)}@example.test` }, pro);
    const account = await call('getPayoutAccount', {}, pro);
    await call('createPayout', { amountCents: account.availableCents, idempotencyKey: randomUUID() }, pro);
    await call('listPayouts', {}, pro);
    await call('listAllPayouts', {}, admin);
    await call('listStuckPayouts', {}, admin);
    await call('holdPayouts', { id: proId, held: true, reason: 'Round trips' }, admin);
    await call('holdPayouts', { id: proId, held: false }, admin);
    await call('getBooks', {}, admin);
    const today = new Date().toISOString().slice(0, 10);
    await call('exportLedger', { from: today, to: today }, admin);
  });

  it("users: an admin's authenticator set up, read and removed", async () => {
    const fresh = await createConfirmedUser(stack, { admin: true, mfa: false, prefix: 'rt-mfa' });
    const tokens = await signInTokens(stack, fresh.email, fresh.password, { mfa: false });
    const asFresh = { ...fresh, idToken: tokens.IdToken! };
    const { secret } = await call('startAuthenticatorSetup', { accessToken: tokens.AccessToken }, asFresh);
    const { enrolledAt } = await call('confirmAuthenticator', { accessToken: tokens.AccessToken, code: totpCode(secret) }, asFresh);
    await new Promise((r) => setTimeout(r, signInWaitMs(enrolledAt)));
    const signedIn = await answerTotpChallenge(stack, await passwordSignIn(stack, fresh.email, fresh.password), fresh.email, secret);
    const withCode = { ...fresh, idToken: signedIn.IdToken! };
    await call('getAuthenticator', {}, withCode);
    await call('removeAuthenticator', {}, withCode);
  });

  it(`every route took at most ${MAX_SEQUENTIAL} sequential round trips`, async () => {
    const record = await gatewayRecord();
    for (const name of ['paypalWebhook', 'stripeWebhook'] as const) {
      const most = record[routeKey(routes[name])];
      expect(most, `${name} was never delivered`).toBeDefined();
      seen.set(name, { calls: most.calls, sequential: most.sequential });
    }
    const table = routeNames.map((name) => ({ route: name, ...(seen.get(name) ?? { calls: NaN, sequential: NaN }) }));
    console.table([...table, ...[...seenImpersonated].map(([name, most]) => ({ route: `${name} (impersonated)`, ...most }))]);
    expect(
      routeNames.filter((n) => !seen.has(n)),
      'routes not walked',
    ).toEqual([]);
    expect(
      table
        .filter((r) => r.sequential > MAX_SEQUENTIAL + (GATE_ROUND_TRIPS[r.route] ?? 0))
        .map((r) => `${r.route}: ${r.sequential} sequential (${r.calls} calls)`),
    ).toEqual([]);
    for (const [name, { sequential }] of seenImpersonated) {
      expect(sequential, `${name} while impersonating`).toBeLessThanOrEqual(seen.get(name)!.sequential + AUDIT_ROUND_TRIPS);
    }
  });
});

/** A paid request to the pro, approved at the PayPal stand-in and captured through the API. */
async function paidRequest(title: string) {
  const track = await flows.uploadTrack(stack, musician, title, { seconds: 1 });
  const order = await call(
    'createOrder',
    { proUserId: proId, trackId: track.id, shareOptions: options, feedbackPriceCents: 3000 },
    musician,
  );
  await approve(order.approveUrl);
  await call('captureOrder', { orderId: order.orderId }, musician);
  const p = await until(
    'the capture',
    () => payment(order.orderId),
    (v) => v.status === 'captured',
  );
  return { trackId: track.id as string, orderId: order.orderId as string, shareId: p.shareId };
}

async function approve(approveUrl: string) {
  const token = new URL(approveUrl).searchParams.get('token')!;
  const res = await fetch(new URL('/checkoutnow/approve', stack.paypalUrl), {
    method: 'POST',
    body: new URLSearchParams({ token }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

async function payment(orderId: string) {
  return (await (await import('../../functions/money/data/payments.js')).getPayment(orderId))!.record;
}

async function paypal(path: string, init: RequestInit = {}) {
  const basic = Buffer.from(`${LOCAL_PAYMENT_SECRETS.paypalClientId}:${LOCAL_PAYMENT_SECRETS.paypalClientSecret}`).toString('base64');
  const auth = await fetch(new URL('/v1/oauth2/token', stack.paypalUrl), {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
    body: 'grant_type=client_credentials',
  });
  const { access_token } = (await auth.json()) as { access_token: string };
  return fetch(new URL(path, stack.paypalUrl), {
    ...init,
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
  });
}

/** A refund made at PayPal directly (a dispute settled by hand), all of the capture or `value` dollars of it. */
async function refundAtPaypal(orderId: string, value?: string) {
  const { captureId } = await payment(orderId);
  const res = await paypal(`/v2/payments/captures/${captureId}/refund`, {
    method: 'POST',
    body: JSON.stringify(value ? { amount: { value, currency_code: 'USD' } } : {}),
  });
  expect(res.status).toBe(201);
}

/**
 * Waits until every refund webhook about a capture has been answered. One that another test file's pause
 * of the stand-in's deliveries holds is resent (a resend goes out while paused; a second delivery is harmless).
 */
async function refundWebhooksAnswered(captureId: string) {
  const started = Date.now();
  const resent = new Set<string>();
  await until(
    'the refund webhooks',
    async () => {
      const res = await paypal('/v1/notifications/webhooks-events?page_size=300&event_type=PAYMENT.CAPTURE.REFUNDED');
      const { events } = (await res.json()) as { events: { id: string; status: string; resource: { links?: unknown } }[] };
      const mine = events.filter((e) => JSON.stringify(e.resource.links ?? []).includes(captureId));
      for (const e of mine) {
        if (e.status !== 'PENDING' || resent.has(e.id) || Date.now() - started < 3000) continue;
        resent.add(e.id);
        await paypal(`/v1/notifications/webhooks-events/${e.id}/resend`, { method: 'POST', body: '{}' });
      }
      return mine;
    },
    (mine) => mine.length > 0 && mine.every((e) => e.status === 'SUCCESS'),
    30_000,
  );
}

async function gatewayRecord(): Promise<Record<string, { calls: number; sequential: number }>> {
  return (await fetch(new URL(DYNAMO_CALLS_PATH, stack.apiUrl))).json() as Promise<Record<string, { calls: number; sequential: number }>>;
}

/** Sends a file to storage with an upload ticket, as the browser does. */
async function presignedPost(ticket: { url: string; fields: Record<string, string> }, bytes: Buffer, type: string, filename: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(ticket.url, { method: 'POST', body: form });
  expect(res.ok, await res.clone().text()).toBe(true);
}
