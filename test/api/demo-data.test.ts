/**
 * The demo data local mode starts with: besides the accounts, Mia's two tracks, Quinn's completed
 * review of one, Max's pending request for the other, and Max's Snip Pro request waiting in the pool for Priya,
 * all readable through the API as users see them.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PEAKS_COUNT } from '../../shared/constants.js';
import { SNIP_PRO_POOL } from '../../shared/pool.js';
import { DEMO_AVAILABLE_CENTS, DEMO_EARNINGS_REASON, seedDemoData } from '../../scripts/seed/seed.js';
import { DEMO_PASSWORD } from '../../scripts/seed/demo-users.js';
import { DEMO_TRACKS } from '../../scripts/seed/demo-feedback.js';
import { DEMO_POOL_GENRE, DEMO_POOL_TRACK } from '../../scripts/seed/demo-pool.js';
import { localCognitoClient } from '../../scripts/dev/emulators/user-pool.js';
import { callRoute, signIn, useStackEnvironment } from '../support/stack-kit.js';
import { allPros } from '../support/flows.js';

const stack = inject('stack');
const tokens: Record<string, string> = {};

beforeAll(async () => {
  for (const who of ['musician', 'musician2', 'pro', 'pro2', 'pro3']) tokens[who] = await signIn(stack, `${who}@demo.test`, DEMO_PASSWORD);
});

const demoTracks = async () =>
  (
    (await callRoute(stack.apiUrl, 'listTracks', {}, tokens.musician)).body.tracks as {
      id: string;
      title: string;
      duration: number;
      peaks: string;
    }[]
  ).filter((t) => Object.values<string>(DEMO_TRACKS).includes(t.title));

describe('demo data', () => {
  it('gives Paul earnings he can withdraw at once, explained by a ledger entry', async () => {
    useStackEnvironment(stack);
    const earnings = (await callRoute(stack.apiUrl, 'getEarnings', {}, tokens.pro)).body;
    expect(earnings.availableCents).toBeGreaterThanOrEqual(DEMO_AVAILABLE_CENTS);
    const account = (await callRoute(stack.apiUrl, 'getPayoutAccount', {}, tokens.pro)).body;
    expect(account.availableCents).toBe(earnings.availableCents);
    const { allEntries } = await import('../../functions/money/data/ledger.js');
    const me = (await callRoute(stack.apiUrl, 'getMe', {}, tokens.pro)).body.id as string;
    expect((await allEntries(me)).filter((e) => e.kind === 'adjustment').map((e) => [e.amountCents, e.description])).toContainEqual([
      DEMO_AVAILABLE_CENTS,
      `Balance corrected by an admin: ${DEMO_EARNINGS_REASON}`,
    ]);
  });

  it('gives Mia two real tracks: decoded, with a waveform, and playable', async () => {
    const tracks = await demoTracks();
    expect(tracks.map((t) => t.title).sort()).toEqual([DEMO_TRACKS.reviewed, DEMO_TRACKS.requested].sort());
    const drive = tracks.find((t) => t.title === DEMO_TRACKS.reviewed)!;
    expect(drive.duration).toBeCloseTo(40, 1);
    const peaks = Buffer.from(drive.peaks, 'base64');
    expect(peaks).toHaveLength(PEAKS_COUNT);
    // The drop (from 24 s) is louder than the intro (the first 8 s): the waveform has a shape.
    const mean = (from: number, to: number) => {
      const part = peaks.subarray(Math.floor((from / 40) * PEAKS_COUNT), Math.floor((to / 40) * PEAKS_COUNT));
      return part.reduce((a, b) => a + b, 0) / part.length;
    };
    expect(mean(26, 34)).toBeGreaterThan(mean(1, 7) * 1.3);
    const url = await callRoute(stack.apiUrl, 'getSignedUrl', { trackId: drive.id }, tokens.musician);
    const audio = await fetch(url.body.signedUrl as string, { headers: { range: 'bytes=0-11' } });
    expect(audio.status).toBe(206);
    expect(Buffer.from(await audio.arrayBuffer()).toString('ascii', 8, 12)).toBe('WAVE');
  });

  it("has Quinn's completed, timestamped review waiting for Mia's rating", async () => {
    const list = await callRoute(stack.apiUrl, 'listShares', { as: 'author' }, tokens.musician);
    const share = (list.body.shares as { id: string; trackTitle: string; status: string; sharedWithName: string }[]).find(
      (s) => s.trackTitle === DEMO_TRACKS.reviewed,
    )!;
    expect(share).toMatchObject({ status: 'completed', sharedWithName: 'Quinn Peer' });
    const detail = (await callRoute(stack.apiUrl, 'getShare', { id: share.id }, tokens.musician)).body;
    expect(detail.feedback.criteria).toEqual({ mixingMastering: 3, compositionArrangement: 4, energyImpact: 4 });
    expect(detail.feedback.comment).toMatch(/clear identity/);
    const comments = detail.comments as { timestamp: number | null; tags: string[]; authorName: string }[];
    expect(comments.map((c) => [c.timestamp, c.authorName])).toEqual([
      [9, 'Quinn Peer'],
      [20, 'Quinn Peer'],
      [25, 'Quinn Peer'],
      [25, 'Mia Musician'],
    ]);
    expect(comments[0].tags).toEqual(['#Bassline', '#Mixing']);
    expect(detail.ranking).toBeNull();
    // He heard the whole track before writing, as the product promises: the review says so.
    expect(detail.listening).toMatchObject({ heardSeconds: 40, sessions: 1 });
    // Quinn sees it in the feedback history.
    const reviewed = await callRoute(stack.apiUrl, 'listShares', { as: 'reviewer', status: 'completed' }, tokens.pro3);
    expect((reviewed.body.shares as { id: string }[]).map((s) => s.id)).toContain(share.id);
  });

  it('has a pending request from Mia for Max to accept or decline', async () => {
    const list = await callRoute(stack.apiUrl, 'listShares', { as: 'reviewer', status: 'pending' }, tokens.musician2);
    const share = (list.body.shares as { trackTitle: string; sharedByName: string; shareOptions: { context: string } }[]).find(
      (s) => s.trackTitle === DEMO_TRACKS.requested,
    );
    expect(share).toMatchObject({ sharedByName: 'Mia Musician', shareOptions: { context: 'first_draft' } });
  });

  it('has four pros with full profiles on Choose Your Pro, one vetted as World-Class', async () => {
    const pros = await allPros(stack, tokens.musician);
    const byName = new Map(pros.map((p) => [p.fullName, p]));
    expect(byName.get('Wren Walker')).toMatchObject({
      feedbackPriceCents: 9000,
      worldClass: { reason: expect.stringContaining('UK No. 1') },
    });
    for (const name of ['Paul Producer', 'Priya Mixer', 'Quinn Peer', 'Wren Walker']) {
      const pro = byName.get(name);
      expect(pro, name).toMatchObject({ availability: expect.any(String), responseTime: expect.any(String), bio: expect.any(String) });
      expect((pro!.socialMedia as unknown[]).length, name).toBeGreaterThan(0);
    }
    expect(byName.get('Paul Producer')).toMatchObject({
      keyCredits: expect.stringContaining('Grammy'),
      featuredTrack: expect.stringContaining('https://'),
      website: 'https://paulproducer.example.com',
    });
  });

  it("has Max's application to become a pro waiting for an admin", async () => {
    const mine = await callRoute(stack.apiUrl, 'getMyApplication', {}, tokens.musician2);
    expect(mine.body.application).toMatchObject({ status: 'pending', fullName: 'Max Musician', experience: 5 });
    expect((await callRoute(stack.apiUrl, 'getMe', {}, tokens.musician2)).body).toMatchObject({
      type: 'musician',
      proApplication: 'pending',
    });
  });

  it("has Max's Snip Pro request waiting in the pool, its $15 held there, offered to Priya, who can take it", async () => {
    const [waiting] = (await callRoute(stack.apiUrl, 'listWaitingPoolRequests', {}, tokens.musician2)).body.requests;
    expect(waiting).toMatchObject({ trackTitle: DEMO_POOL_TRACK, genre: DEMO_POOL_GENRE, offeredNow: expect.any(Number) });
    const offers = (await callRoute(stack.apiUrl, 'listPoolOffers', {}, tokens.pro2)).body.offers as { orderId: string }[];
    expect(offers).toContainEqual(
      expect.objectContaining({ orderId: waiting.orderId, trackTitle: DEMO_POOL_TRACK, payerName: 'Max Musician' }),
    );
    useStackEnvironment(stack);
    const { entriesOf } = await import('../support/payments.js');
    expect((await entriesOf('POOL', waiting.orderId)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['pool_hold', SNIP_PRO_POOL.priceCents],
    ]);
    // Not claimed here: the demo keeps it waiting for whoever tries it next (the claim is the pool's own test's).
  });

  it('is not made twice: seeding again, as every start does, adds nothing', async () => {
    useStackEnvironment(stack);
    const before = await demoTracks();
    await seedDemoData(localCognitoClient(stack.cognitoEndpoint), stack.userPoolId);
    expect((await demoTracks()).map((t) => t.id).sort()).toEqual(before.map((t) => t.id).sort());
    expect((await callRoute(stack.apiUrl, 'listWaitingPoolRequests', {}, tokens.musician2)).body.requests).toHaveLength(1);
  });
});
