/**
 * Deleting a track when the table fails part-way: the domain code runs in this process against the
 * stack's emulators, with one DynamoDB call made to fail, then the same deletion is finished through the API.
 */
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ENV } from '../../functions/lib/config.js';
import { callRoute } from '../support/api.js';
import { onboard, uploadTrack } from '../support/flows.js';
import { createConfirmedUser } from '../support/users.js';

const stack = inject('stack');

beforeAll(() => {
  Object.assign(process.env, {
    [ENV.stage]: 'local',
    [ENV.tableName]: stack.tableName,
    [ENV.mediaBucket]: stack.mediaBucket,
    [ENV.dynamoEndpoint]: stack.dynamoEndpoint,
    [ENV.s3Endpoint]: stack.s3Endpoint,
  });
});

afterEach(() => vi.restoreAllMocks());

async function itemsUnder(pk: string) {
  const { dynamo } = await import('../../functions/lib/aws.js');
  const res = await dynamo().send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } }));
  return res.Items ?? [];
}

describe('a track deletion that fails part-way', () => {
  it('is reported, leaves the track and its share reachable, and finishes when tried again', async () => {
    const [owner, reviewer] = await Promise.all([createConfirmedUser(stack), createConfirmedUser(stack)]);
    const ownerId = await onboard(stack, owner, 'musician');
    const reviewerId = await onboard(stack, reviewer, 'pro');
    const track = await uploadTrack(stack, owner, 'Fragile');
    const share = (
      await callRoute(stack.apiUrl, 'createShare', {
        sharedWithId: reviewerId,
        trackId: track.id,
        shareOptions: { feedbackNotes: 'Notes', context: 'mix_check', categories: [] },
      }, owner.idToken)
    ).body;
    await callRoute(stack.apiUrl, 'respondToShare', { id: share.id, status: 'accepted' }, reviewer.idToken);
    await callRoute(stack.apiUrl, 'addComment', { id: share.id, timestamp: 1, text: 'Nice intro', tags: [] }, reviewer.idToken);

    const { shareItemKeys } = await import('../../functions/data/shares.js');
    // The link from the track goes last, so a retry can still find whatever of the share remains.
    expect((await shareItemKeys(track.id, share.id)).at(-1)).toEqual({ PK: `TRACK#${track.id}`, SK: `SHARE#${share.id}` });

    const { dynamo } = await import('../../functions/lib/aws.js');
    const { deleteOwnTracks } = await import('../../functions/domain/tracks.js');
    const client = dynamo();
    const send = client.send.bind(client);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(client, 'send').mockImplementation(((command: unknown, ...rest: unknown[]) => {
      if (command instanceof BatchWriteCommand) return Promise.reject(new Error('Throughput exceeded'));
      return (send as (...a: unknown[]) => unknown)(command, ...rest);
    }) as never);

    const result = await deleteOwnTracks(ownerId, [track.id]);
    expect(result).toEqual({ deleted: [], failed: [{ id: track.id, message: 'The track could not be deleted completely; please try again.' }] });
    vi.restoreAllMocks();

    const listed = await callRoute(stack.apiUrl, 'listTracks', {}, owner.idToken);
    expect(listed.body.tracks.map((t: { id: string }) => t.id)).toContain(track.id);
    expect((await callRoute(stack.apiUrl, 'getShare', { id: share.id }, owner.idToken)).status).toBe(200);

    const retry = await callRoute(stack.apiUrl, 'deleteTracks', { ids: [track.id] }, owner.idToken);
    expect(retry.body).toEqual({ deleted: [track.id], failed: [] });
    expect(await itemsUnder(`TRACK#${track.id}`)).toEqual([]);
    expect(await itemsUnder(`SHARE#${share.id}`)).toEqual([]);
    expect((await callRoute(stack.apiUrl, 'getShare', { id: share.id }, reviewer.idToken)).status).toBe(404);
  });
});
