/** The steps API tests take through the real routes again and again: onboarding and uploading a track. */
import type { StackInfo } from './global-setup.js';
import { callRoute } from './api.js';
import { IMPERSONATION_HEADER } from '../../shared/api/route.js';
import type { RouteName } from '../../shared/api/route-paths.js';
import { wavBytes, type ToneOptions } from './audio.js';
import { createConfirmedUser, type TestUser } from './users.js';

const admins = new Map<string, Promise<TestUser>>();
/** An admin of the stack for the steps that need one (one per test file and stack). */
export function testAdmin(stack: StackInfo): Promise<TestUser> {
  if (!admins.has(stack.apiUrl))
    admins.set(stack.apiUrl, createConfirmedUser(stack, { fullName: 'Test Admin', admin: true, prefix: 'admin' }));
  return admins.get(stack.apiUrl)!;
}

/** A route called by the test admin while acting as the user `userId` (an impersonation started for it). */
export async function asImpersonatingAdmin(stack: StackInfo, userId: string, route: RouteName, input: Record<string, unknown> = {}) {
  const admin = await testAdmin(stack);
  const started = await callRoute(stack.apiUrl, 'impersonate', { userId }, admin.idToken);
  return callRoute(stack.apiUrl, route, input, admin.idToken, undefined, { [IMPERSONATION_HEADER]: started.body.token });
}

/**
 * Onboards the user as the product does; returns the user's id. A pro is a musician who applied at
 * onboarding and whose application an admin approved.
 */
export async function onboard(stack: StackInfo, user: TestUser, type: 'musician' | 'pro'): Promise<string> {
  await callRoute(stack.apiUrl, 'chooseType', { type }, user.idToken);
  if (type === 'musician') return (await callRoute(stack.apiUrl, 'saveGenres', { genres: ['House'] }, user.idToken)).body.id as string;
  const applied = await callRoute(
    stack.apiUrl,
    'applyForPro',
    { genres: ['House'], costRange: { min: 0, max: 50 }, experience: 3 },
    user.idToken,
  );
  if (applied.status !== 200) throw new Error(`applyForPro answered ${applied.status}: ${JSON.stringify(applied.body)}`);
  const id = applied.body.userId as string;
  const decided = await callRoute(stack.apiUrl, 'decideApplication', { id, decision: 'approve' }, (await testAdmin(stack)).idToken);
  if (decided.status !== 200) throw new Error(`decideApplication answered ${decided.status}: ${JSON.stringify(decided.body)}`);
  return id;
}

/** Sends a file as the browser does: an upload ticket from the API, then the presigned POST to S3. */
export async function uploadFile(
  stack: StackInfo,
  user: TestUser,
  bytes: Buffer,
  filename: string,
  contentType = 'audio/wav',
  declaredSize = bytes.length,
  /** A new version of this track. */
  versionOf?: string,
) {
  const asked = { filename, contentType, size: declaredSize, ...(versionOf ? { versionOf } : {}) };
  const ticket = await callRoute(stack.apiUrl, 'createUploadUrl', asked, user.idToken);
  if (ticket.status !== 200) throw new Error(`createUploadUrl answered ${ticket.status}: ${JSON.stringify(ticket.body)}`);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
  const res = await fetch(ticket.body.url, { method: 'POST', body: form });
  return {
    key: ticket.body.key as string,
    fields: ticket.body.fields as Record<string, string>,
    url: ticket.body.url as string,
    s3Status: res.status,
    s3Body: res.ok ? '' : await res.text(),
  };
}

/** The first page of a user's track list, a later version within its track; a read in flight is shared. */
const firstPages = new Map<string, Promise<{ listed: any[]; next: string | null }>>();
function firstPage(stack: StackInfo, user: TestUser) {
  let read = firstPages.get(user.idToken);
  if (!read) {
    read = listPage(stack, user, null).finally(() => firstPages.delete(user.idToken));
    firstPages.set(user.idToken, read);
  }
  return read;
}

async function listPage(stack: StackInfo, user: TestUser, cursor: string | null) {
  const list: { status: number; body: any } = await callRoute(stack.apiUrl, 'listTracks', cursor ? { cursor } : {}, user.idToken);
  const listed = (list.body.tracks ?? []).flatMap((t: { versions?: unknown[] }) => [t, ...(t.versions ?? [])]);
  return { listed, next: (list.body.next ?? null) as string | null };
}

/** The track as the user's list shows it, following the list's pages (a new track is on the first). */
async function findTrack(stack: StackInfo, user: TestUser, trackId: string) {
  for (let page = await firstPage(stack, user); ; page = await listPage(stack, user, page.next)) {
    const track = page.listed.find((t: { id: string }) => t.id === trackId);
    if (track || !page.next) return track;
  }
}

/**
 * The track once processing has finished with it (ready or failed). Asked for often at first and then
 * less (150 ms, growing to 600), and one list read answers every track of the user waited for at once
 * (measured on races.test.ts, whose tests wait for twenty uploads side by side: 69 core-s instead of 88).
 */
export async function processedTrack(stack: StackInfo, user: TestUser, trackId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (let pause = 150; ; pause = Math.min(600, pause * 1.5)) {
    const track = await findTrack(stack, user, trackId);
    if (track && track.status !== 'processing') return track;
    if (Date.now() > until) throw new Error(`Track ${trackId} still ${track ? track.status : 'missing'} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, pause));
  }
}

/** Uploads a file, registers it and waits for processing; returns the track as the list then shows it. */
export async function registerUpload(
  stack: StackInfo,
  user: TestUser,
  bytes: Buffer,
  filename: string,
  title: string,
  contentType = 'audio/wav',
  versionOf?: string,
) {
  const { key } = await uploadFile(stack, user, bytes, filename, contentType, bytes.length, versionOf);
  const res = await callRoute(stack.apiUrl, 'createTrack', { key, title, ...(versionOf ? { versionOf } : {}) }, user.idToken);
  if (res.status !== 200) throw new Error(`createTrack answered ${res.status}: ${JSON.stringify(res.body)}`);
  return processedTrack(stack, user, res.body.id);
}

/** Uploads a generated WAV the way the browser does (presigned POST), registers it and waits until it is ready. */
export async function uploadTrack(stack: StackInfo, user: TestUser, title = 'Demo', tone: ToneOptions = { seconds: 4 }) {
  const track = await registerUpload(stack, user, wavBytes(tone), `${title}.wav`, title);
  if (track.status !== 'ready') throw new Error(`Track ${title} ${track.status}: ${track.failureReason}`);
  return track;
}

/** Every pro the user sees on Choose Your Pro, following the pages. */
export async function allPros(stack: StackInfo, token: string): Promise<any[]> {
  const users: any[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: any } = await callRoute(stack.apiUrl, 'listPros', cursor ? { cursor } : {}, token);
    if (res.status !== 200) throw new Error(`listPros answered ${res.status}: ${JSON.stringify(res.body)}`);
    users.push(...res.body.users);
    cursor = res.body.next;
  } while (cursor);
  return users;
}

/** Asks a user for feedback on a track as the share dialog does; the API's answer, whatever it is. */
export const requestFeedback = (stack: StackInfo, from: TestUser, to: string, trackId: string, shareOptions: Record<string, unknown>) =>
  callRoute(stack.apiUrl, 'createShare', { sharedWithId: to, trackId, shareOptions }, from.idToken);

/** The reviewer's answer to a request for feedback, as the API gives it. */
export const respondToShare = (stack: StackInfo, as: TestUser, id: string, status: 'accepted' | 'declined') =>
  callRoute(stack.apiUrl, 'respondToShare', { id, status }, as.idToken);

/** A request for feedback the reviewer (user id `reviewerId`) has accepted: a new musician's, on a short track. Its id. */
export async function acceptedRequest(stack: StackInfo, reviewer: TestUser, reviewerId: string): Promise<string> {
  const { user: musician } = await onboardedUser(stack, 'musician');
  const track = await uploadTrack(stack, musician, 'Asked', { seconds: 3 });
  const asked = await requestFeedback(stack, musician, reviewerId, track.id, { feedbackNotes: 'Thoughts?', context: 'mix_check' });
  if (asked.status !== 200) throw new Error(`createShare answered ${asked.status}: ${JSON.stringify(asked.body)}`);
  const accepted = await respondToShare(stack, reviewer, asked.body.id, 'accepted');
  if (accepted.status !== 200) throw new Error(`respondToShare answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  return asked.body.id as string;
}

/** A new user, onboarded as `type`, with their id. */
export async function onboardedUser(stack: StackInfo, type: 'musician' | 'pro', opts: Parameters<typeof createConfirmedUser>[1] = {}) {
  const user = await createConfirmedUser(stack, opts);
  return { user, id: await onboard(stack, user, type) };
}

/** A new pro with `dollars` available to withdraw at once: an admin's correction of the balance is available at once. */
export async function proWithEarnings(stack: StackInfo, dollars: number, opts: Parameters<typeof createConfirmedUser>[1] = {}) {
  const pro = await onboardedUser(stack, 'pro', opts);
  const res = await callRoute(
    stack.apiUrl,
    'adjustBalance',
    { id: pro.id, balance: dollars, expectedBalanceCents: 0, reason: 'Earnings for the test' },
    (await testAdmin(stack)).idToken,
  );
  if (res.status !== 200) throw new Error(`adjustBalance answered ${res.status}: ${JSON.stringify(res.body)}`);
  return pro;
}

/** A general comment of `words` words unlike any other (so no review reads as a copy of another). */
export function freshReviewText(words = 45): string {
  const pick = () => Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, 'e');
  return Array.from({ length: words }, pick).join(' ');
}

/**
 * What a reviewer's player heard, reported as the player does: in a listening session the server gave with
 * the audio (a new one unless `session` names one). The report's answer, and the session.
 */
export async function listen(stack: StackInfo, reviewer: TestUser, shareId: string, ranges: [number, number][], session?: string) {
  if (!session) {
    const given = await callRoute(stack.apiUrl, 'startListening', { id: shareId }, reviewer.idToken);
    if (given.status !== 200) return { ...given, session: '' };
    session = given.body.session as string;
  }
  const res = await callRoute(stack.apiUrl, 'reportListening', { id: shareId, session, ranges }, reviewer.idToken);
  return { ...res, session };
}

/**
 * A paid review that meets the floor (shared/review.ts), written as the reviewer's form would: the track
 * heard, a comment of its own words at each of its first seconds (up to 3), every criterion scored and a
 * 45-word general comment. The submission's answer, whatever it is.
 */
export async function fullReview(
  stack: StackInfo,
  reviewer: TestUser,
  shareId: string,
  duration: number,
  extra: Record<string, unknown> = {},
) {
  const heard = await listen(stack, reviewer, shareId, [[0, duration]]);
  if (heard.status !== 200) return heard;
  for (let s = 0; s < Math.min(3, Math.ceil(duration)); s++) {
    const res = await callRoute(
      stack.apiUrl,
      'addComment',
      { id: shareId, timestamp: s, text: `Moment ${s}: ${freshReviewText(5)}`, tags: ['#Mixing'] },
      reviewer.idToken,
    );
    if (res.status !== 200) return res;
  }
  const criteria = { mixingMastering: 4, compositionArrangement: 4, vocalsLyrics: 3, energyImpact: 5 };
  return callRoute(stack.apiUrl, 'submitFeedback', { id: shareId, criteria, comment: freshReviewText(), ...extra }, reviewer.idToken);
}

/** A free request from a new musician, accepted and answered by the reviewer, then rated `rating`; the share's id. */
export async function ratedReview(stack: StackInfo, reviewer: TestUser, reviewerId: string, rating: number) {
  const { user } = await onboardedUser(stack, 'musician', { fullName: 'Rita Rater' });
  const track = await uploadTrack(stack, user, 'Rated', { seconds: 1 });
  const asked = await requestFeedback(stack, user, reviewerId, track.id, { feedbackNotes: 'How is it?', context: 'mix_check' });
  if (asked.status !== 200) throw new Error(`createShare answered ${asked.status}: ${JSON.stringify(asked.body)}`);
  const share = asked.body;
  await respondToShare(stack, reviewer, share.id, 'accepted');
  const done = await callRoute(stack.apiUrl, 'submitFeedback', { id: share.id, criteria: { energyImpact: 4 } }, reviewer.idToken);
  if (done.status !== 200) throw new Error(`submitFeedback answered ${done.status}: ${JSON.stringify(done.body)}`);
  const rated = await callRoute(stack.apiUrl, 'rateFeedback', { id: share.id, rating }, user.idToken);
  if (rated.status !== 200) throw new Error(`rateFeedback answered ${rated.status}: ${JSON.stringify(rated.body)}`);
  return share.id as string;
}
