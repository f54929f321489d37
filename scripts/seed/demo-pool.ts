/**
 * A Snip Pro request waiting in the pool, so that a fresh `npm start` shows the matched tier from both sides:
 * Max has paid $15 for Snip Pro feedback on his techno track, and Priya, who takes Electronic / Dance pool work,
 * finds it in 'Requests for you' and can take it. Paid through the same use cases and PayPal stand-in pages a
 * musician's browser goes through (order, approve, capture), so its money is held in the pool as any other's;
 * unclaimed after the pool's claim window it is refunded, as any other is.
 */
import { createPoolRequest } from '../../functions/feedback/pool.js';
import { captureOrder } from '../../functions/money/index.js';
import type { Song } from './demo-audio.js';
import { demoUser, options, uploadSong } from './demo-feedback.js';

export const DEMO_POOL_TRACK = 'Night Bus';
export const DEMO_POOL_GENRE = 'Electronic / Dance' as const;

const NIGHT_BUS: Song = {
  seconds: 30,
  bpm: 128,
  roots: [98, 87.31, 73.42, 87.31],
  sections: [
    [0, 0.7, 0],
    [8, 1, 0.8],
    [20, 0.2, 0.6],
    [24, 1, 1],
  ],
};

/** Approves an order on the PayPal stand-in's page, as the buyer's click does. */
async function approve(approveUrl: string): Promise<void> {
  const token = new URL(approveUrl).searchParams.get('token');
  const res = await fetch(new URL('/checkoutnow/approve', approveUrl), {
    method: 'POST',
    body: new URLSearchParams({ token: token ?? '' }),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`The demo's PayPal approval page answered ${res.status}`);
}

export async function seedDemoPoolRequest(musicianId: string): Promise<void> {
  const max = await demoUser(musicianId);
  const track = await uploadSong(max, DEMO_POOL_TRACK, NIGHT_BUS);
  const order = await createPoolRequest(max, {
    trackId: track.id,
    genre: DEMO_POOL_GENRE,
    shareOptions: options('Does the break hold the energy, and is the kick too loud for a club system?', 'mix_check', 'streaming_release'),
  });
  await approve(order.approveUrl);
  const paid = await captureOrder(max, order.orderId);
  if (paid.status !== 'pooled') throw new Error(`The demo's Snip Pro request is ${paid.status}, not in the pool`);
}
