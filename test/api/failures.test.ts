/**
 * What happens when a service fails in the middle of an action: the domain code runs in this process
 * against the stack's emulators with one AWS call made to fail, then the outcome is checked through the API.
 */
import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { callRoute, createConfirmedUser, useStackEnvironment, waitForEmail } from '../support/stack-kit.js';
import { onboard, uploadTrack } from '../support/flows.js';
import { loggedLines } from '../support/log-lines.js';

const stack = inject('stack');

beforeAll(() => useStackEnvironment(stack));

afterEach(() => vi.restoreAllMocks());

async function itemsUnder(pk: string) {
  const { dynamo } = await import('../../functions/lib/aws/dynamo.js');
  const res = await dynamo().send(
    new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } }),
  );
  return res.Items ?? [];
}

/** A musician's track shared with a pro who has accepted and commented. */
async function sharedTrack(title: string) {
  const [owner, reviewer] = await Promise.all([createConfirmedUser(stack), createConfirmedUser(stack)]);
  const ownerId = await onboard(stack, owner, 'musician');
  const reviewerId = await onboard(stack, reviewer, 'pro');
  const track = await uploadTrack(stack, owner, title);
  const share = (
    await callRoute(
      stack.apiUrl,
      'createShare',
      {
        sharedWithId: reviewerId,
        trackId: track.id,
        shareOptions: { feedbackNotes: 'Notes', context: 'mix_check', categories: [] },
      },
      owner.idToken,
    )
  ).body;
  await callRoute(stack.apiUrl, 'respondToShare', { id: share.id, status: 'accepted' }, reviewer.idToken);
  await callRoute(stack.apiUrl, 'addComment', { id: share.id, timestamp: 1, text: 'Nice intro', tags: [] }, reviewer.idToken);
  return { owner, ownerId, reviewer, reviewerId, track, share };
}

/** Makes every call of the given command class on an SDK client fail, leaving the others alone. */
function failCalls(client: { send: (...a: never[]) => unknown }, command: abstract new (...a: never[]) => unknown, message: string) {
  const send = client.send.bind(client) as (...a: unknown[]) => unknown;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(client, 'send').mockImplementation(((c: unknown, ...rest: unknown[]) =>
    c instanceof command ? Promise.reject(new Error(message)) : send(c, ...rest)) as never);
}

describe('a track deletion that fails part-way', () => {
  it('is reported, leaves the track and its share reachable, and finishes when tried again', async () => {
    const { owner, ownerId, reviewer, track, share } = await sharedTrack('Fragile');

    const { shareItemKeys } = await import('../../functions/feedback/data/shares.js');
    // The link from the track goes last, so a retry can still find whatever of the share remains.
    expect((await shareItemKeys(track.id, share.id)).at(-1)).toEqual({ PK: `TRACK#${track.id}`, SK: `SHARE#${share.id}` });

    const { dynamo } = await import('../../functions/lib/aws/dynamo.js');
    const { deleteOwnTracks } = await import('../../functions/tracks/track-deletion.js');
    failCalls(dynamo(), TransactWriteCommand, 'Throughput exceeded');

    const result = await deleteOwnTracks(ownerId, [track.id]);
    expect(result).toEqual({
      deleted: [],
      failed: [{ id: track.id, message: 'The track could not be deleted completely; please try again.' }],
    });
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

describe('an e-mail that cannot be sent', () => {
  it('does not fail the action, is logged, and its digest is put back to go out later', async () => {
    const { owner, reviewer, share } = await sharedTrack('Quiet');
    const { ses } = await import('../../functions/lib/aws/ses.js');
    const { SendEmailCommand } = await import('@aws-sdk/client-sesv2');
    const { sendDueDigests } = await import('../../functions/platform/notifications.js');
    // A fresh comment (the musician's: the reviewer's wait for the review): its digest is due a few seconds
    // from now; this test sends it (as if an hour later) first.
    expect(
      (await callRoute(stack.apiUrl, 'addComment', { id: share.id, timestamp: 2, text: 'Listen at 0:02', tags: [] }, owner.idToken)).status,
    ).toBe(200);
    const later = Date.now() + 3600_000;

    failCalls(ses(), SendEmailCommand, 'Email address is not verified');
    // Only this share's digest: other test files' digests in the shared table are theirs to send.
    const failed = await sendDueDigests(new Date(later), { shareId: share.id });
    expect(failed).toEqual({ sent: 0, empty: 0, failed: 1 });
    expect(loggedLines(console.error as never)).toContainEqual(
      expect.objectContaining({
        level: 'ERROR',
        message: 'Comment digest not sent',
        shareId: share.id,
        error: expect.objectContaining({ message: expect.any(String) }),
      }),
    );
    const digests = (await itemsUnder(`SHARE#${share.id}`)).filter((i) => String(i.SK).startsWith('DIGEST#'));
    expect(digests).toEqual([expect.objectContaining({ attempts: 1 })]);
    vi.restoreAllMocks();

    const since = Date.now();
    expect(await sendDueDigests(new Date(later + 3600_000), { shareId: share.id })).toEqual({ sent: 1, empty: 0, failed: 0 });
    const mail = await waitForEmail(stack.mailUrl, reviewer.email, /new comments? on Quiet/i, { since });
    expect(mail.body.text).toContain('Listen at 0:02');
    expect((await itemsUnder(`SHARE#${share.id}`)).filter((i) => String(i.SK).startsWith('DIGEST#'))).toEqual([]);
  });
});

describe('processing that finishes after its track was deleted', () => {
  it('brings nothing back, and leaves the processed audio to expire', async () => {
    const { dynamo } = await import('../../functions/lib/aws/dynamo.js');
    const { s3 } = await import('../../functions/lib/aws/s3.js');
    const { GetObjectTaggingCommand, PutObjectCommand } = await import('@aws-sdk/client-s3');
    const { GetCommand, PutCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { finishTrack } = await import('../../functions/tracks/tracks.js');
    const { UNCLAIMED_UPLOAD_TAG } = await import('../../shared/constants.js');
    const key = (id: string) => ({ PK: `TRACK#${id}`, SK: 'META' });
    const tagsOf = async (k: string) => (await s3().send(new GetObjectTaggingCommand({ Bucket: stack.mediaBucket, Key: k }))).TagSet ?? [];
    const processed = async (name: string) => {
      const audioKey = `audio/u-late/${Date.now()}_${name}`;
      await s3().send(
        new PutObjectCommand({
          Bucket: stack.mediaBucket,
          Key: audioKey,
          Body: 'RIFF',
          Tagging: `${UNCLAIMED_UPLOAD_TAG.key}=${UNCLAIMED_UPLOAD_TAG.value}`,
        }),
      );
      return { outcome: 'ready' as const, audioKey, contentType: 'audio/wav', duration: 2, peaks: '', format: 'wav', sizeBytes: 4 };
    };
    const unclaimed = [{ Key: UNCLAIMED_UPLOAD_TAG.key, Value: UNCLAIMED_UPLOAD_TAG.value }];

    // Deleted outright: no item is made, the audio goes back to expiring.
    const gone = crypto.randomUUID();
    const first = await processed('gone.wav');
    expect(await finishTrack(gone, first)).toBeNull();
    expect((await dynamo().send(new GetCommand({ TableName: stack.tableName, Key: key(gone) }))).Item).toBeUndefined();
    expect(await tagsOf(first.audioKey)).toEqual(unclaimed);

    // Being deleted (fenced): it stays as the deletion found it, without audio it would leave behind.
    const fenced = crypto.randomUUID();
    await dynamo().send(
      new PutCommand({
        TableName: stack.tableName,
        Item: { ...key(fenced), entity: 'track', id: fenced, userId: 'u-late', status: 'processing', audioKey: '' },
      }),
    );
    await dynamo().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: key(fenced),
        UpdateExpression: 'SET deletingAt = :t',
        ExpressionAttributeValues: { ':t': new Date().toISOString() },
      }),
    );
    const second = await processed('fenced.wav');
    expect(await finishTrack(fenced, second)).toBeNull();
    expect((await dynamo().send(new GetCommand({ TableName: stack.tableName, Key: key(fenced) }))).Item).toMatchObject({
      status: 'processing',
      audioKey: '',
    });
    expect(await tagsOf(second.audioKey)).toEqual(unclaimed);
  });
});

describe('an account deletion stopped at the pool', () => {
  it('says so, and is finished by asking again', async () => {
    const user = await createConfirmedUser(stack, { prefix: 'leaving' });
    const id = await onboard(stack, user, 'musician');
    await uploadTrack(stack, user, 'Gone anyway', { seconds: 1 });
    const claims = JSON.parse(Buffer.from(user.idToken.split('.')[1], 'base64url').toString('utf8'));
    const identity = {
      sub: id,
      cognitoUsername: String(claims['cognito:username'] ?? id),
      email: user.email,
      fullName: '',
      preferredUsername: null,
      groups: [],
      issuedAt: 0,
      authTime: 0,
    };
    const { getUser } = await import('../../functions/people/data/users.js');
    const { deleteMyAccount } = await import('../../functions/account/account-deletion.js');
    const { cognito } = await import('../../functions/lib/aws/cognito.js');
    failCalls(cognito(), AdminDeleteUserCommand, 'Cognito is not answering');
    await expect(deleteMyAccount({ identity, user: (await getUser(id))!, isAdmin: false }, { email: user.email })).rejects.toMatchObject({
      status: 503,
      code: 'deletion_incomplete',
    });
    expect(await getUser(id)).toBeNull();
    vi.restoreAllMocks();

    // Still in the pool, the account's next call makes it a new empty record; the deletion then finishes.
    const again = await callRoute(stack.apiUrl, 'deleteMyAccount', { email: user.email }, user.idToken);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await getUser(id)).toBeNull();
    expect((await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).status).toBe(401);
  });
});
