import { onOwnStack, runIfMain } from './own-stack.js';
import { callRoute } from '../../test/support/api.js';
import { onboard, uploadTrack } from '../../test/support/flows.js';
import type { StackInfo } from '../../test/support/global-setup.js';
import { createConfirmedUser, type TestUser } from '../../test/support/users.js';
import { DYNAMO_CALLS_HEADER, DYNAMO_SEQUENTIAL_HEADER } from '../dev/stack/gateway.js';

/**
 * Section 3b of `npm run bench`: the DynamoDB calls and sequential round trips (calls started together
 * count once) of the routes that needed the most, read from the local gateway's response headers, over 5
 * repetitions of a request for feedback followed through to its deletion. The floor is 1: one round trip.
 * Runnable alone, on a stack of its own: `node --import tsx scripts/bench/round-trips.ts`.
 */
export async function benchRoundTrips(apiUrl: string, info: StackInfo) {
  const REPS = 5;
  const seen = new Map<string, { calls: number[]; sequential: number[] }>();
  const call = async (name: Parameters<typeof callRoute>[1], input: Record<string, unknown>, user: TestUser, label: string = name) => {
    const res = await callRoute(apiUrl, name, input, user.idToken);
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(res.body)}`);
    const entry = seen.get(label) ?? { calls: [], sequential: [] };
    entry.calls.push(Number(res.headers.get(DYNAMO_CALLS_HEADER)));
    entry.sequential.push(Number(res.headers.get(DYNAMO_SEQUENTIAL_HEADER)));
    seen.set(label, entry);
    return res.body;
  };
  const musician = await createConfirmedUser(info, { prefix: 'trips-musician' });
  const reviewer = await createConfirmedUser(info, { prefix: 'trips-reviewer' });
  await onboard(info, musician, 'musician');
  const reviewerId = await onboard(info, reviewer, 'musician');
  const options = { feedbackNotes: 'How is the low end?', context: 'mix_check' };
  for (let rep = 0; rep < REPS; rep++) {
    const tracks = [
      await uploadTrack(info, musician, `Trips ${rep} A`, { seconds: 1 }),
      await uploadTrack(info, musician, `Trips ${rep} B`, { seconds: 1 }),
    ];
    const shares = [];
    for (const track of tracks)
      shares.push(await call('createShare', { sharedWithId: reviewerId, trackId: track.id, shareOptions: options }, musician));
    await call('listShares', { as: 'reviewer' }, reviewer, 'listShares (reviewer)');
    await call('respondToShare', { id: shares[0].id, status: 'accepted' }, reviewer);
    await call('addComment', { id: shares[0].id, timestamp: 0.5, text: 'Kick is buried', tags: ['#Mixing'] }, reviewer);
    await call('submitFeedback', { id: shares[0].id, criteria: { mixingMastering: 3 }, comment: 'Solid' }, reviewer);
    await call('deleteTracks', { ids: tracks.map((t) => t.id) }, musician, 'deleteTracks (2 tracks, 1 share each)');
  }
  const minMed = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return `${sorted[0]} / ${sorted[Math.floor(sorted.length / 2)]}`;
  };
  console.log(`\n3b. DynamoDB round trips per request (floor 1; min / median of ${REPS} repetitions)`);
  for (const [label, { calls, sequential }] of seen) {
    console.log(`   ${label.padEnd(40)} sequential ${minMed(sequential)}   calls ${minMed(calls)}`);
  }
}

runIfMain(import.meta.url, () => onOwnStack('round-trips', (info) => benchRoundTrips(info.apiUrl, info)));
