/**
 * Processing's runs are shared between accounts (functions/tracks/processing-slots.ts): an account holds
 * at most PROCESSING_QUEUE.perUser runs at once, claimed in the table; an upload whose account holds them
 * all is put back on the uploads queue (SendMessage, locally scripts/dev/emulators/sqs.ts) and runs once a
 * place is free, while other accounts' uploads run meanwhile.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { PROCESSING_QUEUE } from '../../shared/constants.js';
import { callRoute, createConfirmedUser, type TestUser, useStackEnvironment } from '../support/stack-kit.js';
import { wavBytes } from '../support/audio.js';
import { uploadFile } from '../support/flows.js';

const stack = inject('stack');
const PER_USER = PROCESSING_QUEUE.perUser;

beforeAll(() => useStackEnvironment(stack));

const slots = () => import('../../functions/tracks/processing-slots.js');
const runsOf = async (userId: string) =>
  Object.keys((await (await import('../../functions/tracks/data/processing-slots.js')).getSlots(userId))?.runs ?? {});
const run = () => `uploads/x/${randomUUID()}/a.wav`;

describe('an account’s places among the processing runs', () => {
  it('gives a place back without failing the run when the table refuses: it is free again after the timeout', async () => {
    const { claimSlot, releaseSlot } = await slots();
    const data = await import('../../functions/tracks/data/processing-slots.js');
    const userId = randomUUID();
    const key = run();
    expect(await claimSlot(userId, key)).toBe(true);
    const refused = vi.spyOn(data, 'removeRun').mockRejectedValueOnce(new Error('throttled'));
    try {
      await expect(releaseSlot(userId, key)).resolves.toBeUndefined();
    } finally {
      refused.mockRestore();
    }
    expect(await runsOf(userId)).toEqual([key]);
    await releaseSlot(userId, key);
    expect(await runsOf(userId)).toEqual([]);
  });

  it(`gives an account ${PER_USER} at once and no more; another account its own; a place given back or left by a dead run is taken again`, async () => {
    expect(PER_USER).toBeLessThan(PROCESSING_QUEUE.maxConcurrency);
    const { claimSlot, releaseSlot } = await slots();
    const [a, b] = [randomUUID(), randomUUID()];
    const held = Array.from({ length: PER_USER }, run);
    for (const key of held) expect(await claimSlot(a, key)).toBe(true);
    expect(await claimSlot(a, run())).toBe(false);
    // A run claiming again (a message received twice) keeps its place.
    expect(await claimSlot(a, held[0])).toBe(true);
    expect(await claimSlot(b, run())).toBe(true);
    await releaseSlot(a, held[1]);
    const next = run();
    expect(await claimSlot(a, next)).toBe(true);
    expect((await runsOf(a)).sort()).toEqual([held[0], held[2], next].sort());
    // Past the function's timeout a run is dead: its place is taken, and removed.
    const later = Date.now() + PROCESSING_QUEUE.slotSeconds * 1000 + 1000;
    const after = run();
    expect(await claimSlot(a, after, later)).toBe(true);
    expect(await runsOf(a)).toEqual([after]);
  });

  it(`gives exactly ${PER_USER} places to ${PER_USER * 4} runs of one account claiming at once`, async () => {
    const { claimSlot } = await slots();
    const a = randomUUID();
    const claims = await Promise.all(Array.from({ length: PER_USER * 4 }, () => claimSlot(a, run())));
    expect(claims.filter(Boolean)).toHaveLength(PER_USER);
    expect(await runsOf(a)).toHaveLength(PER_USER);
  });
});

describe('an upload whose account holds all its places', () => {
  let user: TestUser;
  let userId: string;
  beforeAll(async () => {
    user = await createConfirmedUser(stack, { prefix: 'fair-share' });
    userId = (await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body.id;
  });

  const statusOf = async (id: string) =>
    ((await callRoute(stack.apiUrl, 'listTracks', {}, user.idToken)).body.tracks as { id: string; status: string }[]).find(
      (t) => t.id === id,
    )?.status;

  it('waits on the queue, put back, and is processed once a place is free', async () => {
    const { claimSlot, releaseSlot } = await slots();
    // The account's other runs, going on elsewhere.
    const busy = Array.from({ length: PER_USER }, run);
    for (const key of busy) expect(await claimSlot(userId, key)).toBe(true);
    const up = await uploadFile(stack, user, wavBytes({ seconds: 2 }), 'Waits.wav');
    const res = await callRoute(stack.apiUrl, 'createTrack', { key: up.key, title: 'Waits' }, user.idToken);
    expect(res.status).toBe(200);
    // Put back at least twice meanwhile (each wait is PROCESSING_QUEUE.deferSeconds): still processing, holding no place.
    await new Promise((r) => setTimeout(r, (2 * PROCESSING_QUEUE.deferSeconds + 1) * 1000));
    expect(await statusOf(res.body.id)).toBe('processing');
    expect((await runsOf(userId)).sort()).toEqual([...busy].sort());

    for (const key of busy) await releaseSlot(userId, key);
    const until = Date.now() + 30_000;
    while ((await statusOf(res.body.id)) === 'processing' && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(await statusOf(res.body.id)).toBe('ready');
    // Its own place given back once it was done (just after the track reads ready).
    await expect.poll(() => runsOf(userId), { timeout: 10_000 }).toEqual([]);
  }, 60_000);
});
