/**
 * Choose Your Pro on the server: each pro's reputation kept as their requests complete, are rated and
 * expire (no recount), and the list filtered by genre, price and tier and sorted by name, rating, price and
 * turnaround across its pages. Other files make pros on the same stack at the same time, so the lists are
 * checked for their order and for this file's pros, never for their length.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { WORLD_CLASS_CENTS } from '../../shared/constants.js';
import { callerOn, flows, money, type TestUser, useStackEnvironment } from '../support/stack-kit.js';

const stack = inject('stack');
const HOUR = 3_600_000;

interface Card {
  id: string;
  fullName: string;
  genres: string[];
  feedbackPriceCents: number | null;
  reputation: {
    rating: number | null;
    ratings: number;
    onTimeRate: number | null;
    medianTurnaroundHours: number | null;
    completed: number;
  };
}

let musician: TestUser;
const call = callerOn(stack);

/** Every page of Choose Your Pro in one order, as 'Load more' would read them. */
async function allPages(input: Record<string, unknown>): Promise<{ cards: Card[]; pages: number; byPage: Card[][] }> {
  const cards: Card[] = [];
  const byPage: Card[][] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: { status: number; body: any } = await call(musician, 'listPros', { ...input, ...(cursor ? { cursor } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    cards.push(...res.body.users);
    byPage.push(res.body.users);
    cursor = res.body.next;
    pages++;
  } while (cursor);
  return { cards, pages, byPage };
}

/** A pro of this file, with genres and a price set through the routes a pro uses (vetted first for World-Class's). */
async function newPro(name: string, genres: string[], dollars: number) {
  const made = await flows.onboardedUser(stack, 'pro', { fullName: name });
  expect((await call(made.user, 'saveGenres', { genres })).status).toBe(200);
  if (dollars * 100 === WORLD_CLASS_CENTS)
    expect(
      (await call(await flows.testAdmin(stack), 'setWorldClass', { id: made.id, vetted: true, reason: 'Vetted in a test' })).status,
    ).toBe(200);
  expect((await call(made.user, 'setOwnPrice', { price: dollars })).status).toBe(200);
  return made;
}

beforeAll(async () => {
  useStackEnvironment(stack);
  ({ user: musician } = await flows.onboardedUser(stack, 'musician', { fullName: 'Dora Directory' }));
});

describe('reputation', () => {
  it('counts reviews, ratings, time and turnaround as they happen; New before three ratings', async () => {
    const { user: pro, id: proId } = await newPro('Rhea Reputed', ['Techno'], 0);
    const cardOf = async () => (await allPages({ sort: 'name' })).cards.find((c) => c.id === proId)!;
    expect((await cardOf()).reputation).toEqual({ rating: null, ratings: 0, onTimeRate: null, medianTurnaroundHours: null, completed: 0 });

    await flows.ratedReview(stack, pro, proId, 5);
    const last = await flows.ratedReview(stack, pro, proId, 4);
    expect((await cardOf()).reputation).toMatchObject({ rating: 4.5, ratings: 2, completed: 2, onTimeRate: 1 });
    await flows.ratedReview(stack, pro, proId, 5);
    const card = await cardOf();
    expect(card.reputation).toMatchObject({ rating: 4.7, ratings: 3, completed: 3, onTimeRate: 1 });
    expect(card.reputation.medianTurnaroundHours).toBeLessThan(0.1);
    // The reviewer's line of a review carries it too.
    const opened = await call(pro, 'getShare', { id: last });
    expect(opened.body.reviewerReputation).toMatchObject({ rating: 4.7, ratings: 3, completed: 3 });
  });

  it('a paid request that runs out of time counts against the on-time rate', async () => {
    const { checkDuePayments } = await import('../../functions/money/payment-checks.js');
    const { user: pro, id: proId } = await newPro('Lola Late', ['Jazz'], 30);
    const { user: payer } = await flows.onboardedUser(stack, 'musician', { fullName: 'Pete Payer' });
    const { orderId } = await money.paidRequest(stack, payer, { id: proId, priceCents: 3000 }, 'Never answered');
    await checkDuePayments(new Date(Date.now() + 49 * HOUR), { orderId });
    expect((await money.payment(orderId)).refundReason).toBe('expired');
    const late = (await allPages({ sort: 'name' })).cards.find((c) => c.id === proId)!;
    expect(late.reputation).toMatchObject({ onTimeRate: 0, completed: 0 });
    // Then one delivered: one of two in time.
    const { view } = await money.paidRequest(stack, payer, { id: proId, priceCents: 3000 }, 'Answered');
    await flows.respondToShare(stack, pro, view.shareId, 'accepted');
    expect((await flows.fullReview(stack, pro, view.shareId, 1)).status).toBe(200);
    const mixed = (await allPages({ sort: 'name' })).cards.find((c) => c.id === proId)!;
    expect(mixed.reputation).toMatchObject({ onTimeRate: 0.5, completed: 1 });
  });
});

describe('Choose Your Pro', () => {
  let mine: { id: string; name: string; genre: string; cents: number | null }[];

  beforeAll(async () => {
    const specs = [
      ['Fern Free Folk', ['Indie Folk'], 0],
      ['Hal Hiphop Fifteen', ['Trap'], 15],
      ['Tia Techno Thirty', ['Techno'], 30],
      ['Nico Ninety', ['Techno', 'House'], 90],
    ] as const;
    mine = await Promise.all(
      specs.map(async ([name, genres, dollars]) => {
        const { id } = await newPro(name, [...genres], dollars);
        return { id, name, genre: genres[0], cents: dollars ? dollars * 100 : null };
      }),
    );
  });

  const ids = (cards: Card[]) => cards.map((c) => c.id);
  const onlyMine = (cards: Card[]) => cards.filter((c) => mine.some((m) => m.id === c.id)).map((c) => c.fullName);

  it('lists every pro once in each order, across its pages, in that order', async () => {
    for (const sort of ['name', 'rating', 'price', 'turnaround'] as const) {
      const { cards, byPage } = await allPages({ sort });
      // Other files change prices and reputations while this one pages: a pro of theirs may move between two
      // pages and show twice. Names do not change, and neither does anything of this file's pros.
      const once = sort === 'name' ? cards : cards.filter((c) => mine.some((m) => m.id === c.id));
      expect(new Set(ids(once)).size, sort).toBe(once.length);
      for (const m of mine) expect(ids(cards), `${sort}: ${m.name}`).toContain(m.id);
      expect(ids(cards)).not.toContain(undefined);
      const pairs = cards.slice(1).map((c, i) => [cards[i], c] as const);
      if (sort === 'name') for (const [a, b] of pairs) expect(a.fullName.toLowerCase() <= b.fullName.toLowerCase(), sort).toBe(true);
      // Other files set prices straight in the table (past the listing): the price order is checked on this file's pros.
      if (sort === 'price') {
        const mineInOrder = cards.filter((c) => mine.some((m) => m.id === c.id));
        for (const [a, b] of mineInOrder.slice(1).map((c, i) => [mineInOrder[i], c] as const)) {
          expect((a.feedbackPriceCents ?? 0) <= (b.feedbackPriceCents ?? 0), sort).toBe(true);
        }
      }
      // Other files' reviews change pros' figures while the pages are read: figures are ordered within a page.
      const pairsInPages = byPage.flatMap((page) => page.slice(1).map((c, i) => [page[i], c] as const));
      if (sort === 'turnaround') {
        const h = (c: Card) => c.reputation.medianTurnaroundHours ?? Infinity;
        for (const [a, b] of pairsInPages) expect(h(a) <= h(b), sort).toBe(true);
      }
      if (sort === 'rating') {
        // The rated (3 ratings or more) best first, then the new.
        const rank = (c: Card) => (c.reputation.ratings >= 3 ? 10 + (c.reputation.rating ?? 0) : 0);
        for (const [a, b] of pairsInPages) expect(rank(a) >= rank(b) - 0.051, sort).toBe(true);
      }
    }
    expect(onlyMine((await allPages({ sort: 'price' })).cards)).toEqual([
      'Fern Free Folk',
      'Hal Hiphop Fifteen',
      'Tia Techno Thirty',
      'Nico Ninety',
    ]);
  });

  it('filters by genre and price range on the server, following the pages', async () => {
    const techno = (await allPages({ genre: 'Electronic / Dance' })).cards;
    expect(onlyMine(techno)).toEqual(['Nico Ninety', 'Tia Techno Thirty']);
    const upTo30 = (await allPages({ price: '30', sort: 'price' })).cards;
    expect(upTo30.every((c) => (c.feedbackPriceCents ?? 0) <= 3000)).toBe(true);
    expect(onlyMine(upTo30)).toEqual(['Fern Free Folk', 'Hal Hiphop Fifteen', 'Tia Techno Thirty']);
    const free = (await allPages({ price: 'free' })).cards;
    expect(free.every((c) => !c.feedbackPriceCents)).toBe(true);
    expect(onlyMine(free)).toEqual(['Fern Free Folk']);
    const both = (await allPages({ genre: 'Electronic / Dance', price: '15' })).cards;
    expect(onlyMine(both)).toEqual([]);
    expect(onlyMine((await allPages({ genre: 'Hip-Hop / Rap', price: '15' })).cards)).toEqual(['Hal Hiphop Fifteen']);
  });

  it('filters by tier: World-Class only the vetted, Choose Your Pro every other pro who charges, free peer feedback the rest', async () => {
    const byTier = async (tier: string) => (await allPages({ tier })).cards;
    const worldClass = await byTier('world-class');
    expect(worldClass.every((c) => (c as Card & { worldClass: unknown }).worldClass)).toBe(true);
    expect(onlyMine(worldClass)).toEqual(['Nico Ninety']);
    const chosen = await byTier('choose-pro');
    expect(chosen.every((c) => (c.feedbackPriceCents ?? 0) > 0)).toBe(true);
    expect(onlyMine(chosen)).toEqual(['Hal Hiphop Fifteen', 'Tia Techno Thirty']);
    expect(onlyMine(await byTier('peer'))).toEqual(['Fern Free Folk']);
    expect(onlyMine(await byTier('any'))).toEqual(['Fern Free Folk', 'Hal Hiphop Fifteen', 'Nico Ninety', 'Tia Techno Thirty']);
    expect(onlyMine((await allPages({ tier: 'world-class', genre: 'Hip-Hop / Rap' })).cards)).toEqual([]);
    const unknown = await call(musician, 'listPros', { tier: 'pro' });
    expect([unknown.status, unknown.body.error.message]).toEqual([400, 'Unknown tier']);
  });

  it('moves a pro in the price order when the price changes, and out of every order when no longer a pro', async () => {
    const tia = mine.find((m) => m.name === 'Tia Techno Thirty')!;
    const admin = await flows.testAdmin(stack);
    expect((await call(admin, 'setFeedbackPrice', { id: tia.id, price: 5 })).status).toBe(200);
    expect(onlyMine((await allPages({ sort: 'price' })).cards)).toEqual([
      'Fern Free Folk',
      'Tia Techno Thirty',
      'Hal Hiphop Fifteen',
      'Nico Ninety',
    ]);
    expect((await call(admin, 'setUserType', { id: tia.id, type: 'musician' })).status).toBe(200);
    for (const sort of ['name', 'rating', 'price', 'turnaround']) {
      expect(ids((await allPages({ sort })).cards), sort).not.toContain(tia.id);
    }
  });

  it('refuses a cursor of another order, an unknown genre and an unknown order', async () => {
    // A position in the price order, as that order's cursor would hold it.
    const position = { GSI3PK: 'PROS#PRICE', GSI3SK: `0000000#${mine[0].id}`, PK: `USER#${mine[0].id}`, SK: 'LISTING' };
    const cursor = Buffer.from(JSON.stringify(position)).toString('base64url');
    expect((await call(musician, 'listPros', { sort: 'price', cursor })).status).toBe(200);
    expect((await call(musician, 'listPros', { sort: 'rating', cursor })).status).toBe(400);
    expect((await call(musician, 'listPros', { sort: 'name', cursor })).status).toBe(400);
    expect((await call(musician, 'listPros', { genre: 'Polka' })).status).toBe(400);
    expect((await call(musician, 'listPros', { sort: 'age' })).status).toBe(400);
  });
});
