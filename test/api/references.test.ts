/**
 * Reference tracks through the API on the local stack: the musician attaches up to three to an open request,
 * each is uploaded and processed like a track and compared with the mix by band; the request's two people
 * reach them (anyone else gets 403, a request or reference that is not there 404); they are refused once the
 * request closes, and deleted with their audio.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { callerOn, dynamo, flows, itemsUnder, until, useStackEnvironment, waitForEmail, type TestUser } from '../support/stack-kit.js';
import { steadyToneWav, wavBytes } from '../support/audio.js';

interface Row {
  id: string;
  difference: number | null;
  citation: string | null;
  noteworthy: boolean;
}
interface Reference {
  id: string;
  number: number;
  status: string;
  failureReason?: string;
  comparison?: Row[];
}

const stack = inject('stack');
const call = callerOn(stack);
/** The musician, the pro they ask, and someone else; the mix the requests are about. */
let [musician, reviewer, stranger] = [] as TestUser[];
let [musicianId, reviewerId, trackId] = ['', '', ''];
/** A second musician and their mix, whose tickets count against a rate limit of their own (30 a minute). */
let retrier: TestUser;
let [retrierId, retrierTrackId] = ['', ''];

/** The ticket of the reference in place `number` ended a second ago, unused. */
async function endTicket(shareId: string, number: number) {
  await (
    await dynamo()
  ).send(
    new UpdateCommand({
      TableName: stack.tableName,
      Key: { PK: `REFERENCES#${shareId}`, SK: `REF#${number}` },
      UpdateExpression: 'SET ticketEndsAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }),
  );
}

/** Sends the file to storage with a ticket's upload, as the browser does. */
function sendFile(upload: { url: string; fields: Record<string, string> }, bytes: Buffer, filename: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), filename);
  return fetch(upload.url, { method: 'POST', body: form });
}

/** Asks for a ticket and sends the file as the browser does; the reference as the ticket gave it. */
async function attach(shareId: string, bytes: Buffer, filename: string, as = musician) {
  const ticket = await call(as, 'createReference', { id: shareId, filename, contentType: 'audio/wav', size: bytes.length });
  if (ticket.status !== 200) return { status: ticket.status, body: ticket.body, reference: null as Reference | null };
  const sent = await sendFile(ticket.body.upload, bytes, filename);
  expect(sent.status).toBeLessThan(300);
  return { status: 200, body: ticket.body, reference: ticket.body.reference as Reference };
}

async function listed(shareId: string, as = musician): Promise<Reference[]> {
  const res = await call(as, 'listReferences', { id: shareId });
  expect(res.status).toBe(200);
  return res.body.references;
}

/** The reference once processing is done with it. */
const processed = async (shareId: string, id: string, as = musician) =>
  (await until(
    'the reference processed',
    async () => (await listed(shareId, as)).find((r) => r.id === id),
    (r) => r?.status === 'ready' || r?.status === 'failed',
    30_000,
  ))!;

const newRequest = async (as = musician, track = trackId) =>
  (await flows.requestFeedback(stack, as, reviewerId, track, { feedbackNotes: 'Against my references?', context: 'mix_check' })).body
    .id as string;

beforeAll(async () => {
  useStackEnvironment(stack);
  ({ user: musician, id: musicianId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Rhea Reference' }));
  const pro = await flows.onboardedUser(stack, 'pro', { fullName: 'Remy Reviewer' });
  reviewer = pro.user;
  reviewerId = pro.id;
  stranger = (await flows.onboardedUser(stack, 'musician')).user;
  // The mix: a tone in the low mids.
  const track = await flows.registerUpload(stack, musician, steadyToneWav(700, 0.5, 6), 'Mix.wav', 'Mix');
  expect(track.status).toBe('ready');
  trackId = track.id;
  ({ user: retrier, id: retrierId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Remi Retry' }));
  retrierTrackId = (await flows.registerUpload(stack, retrier, steadyToneWav(700, 0.5, 6), 'Mix.wav', 'Mix')).id;
});

/** The request's references as a request whose references came before their numbers was left: its first with no number but its place, and no count. */
async function asBeforeNumbers(shareId: string) {
  const table = await dynamo();
  await table.send(new DeleteCommand({ TableName: stack.tableName, Key: { PK: `REFERENCES#${shareId}`, SK: 'COUNT' } }));
  await table.send(
    new UpdateCommand({
      TableName: stack.tableName,
      Key: { PK: `REFERENCES#${shareId}`, SK: 'REF#1' },
      UpdateExpression: 'REMOVE ordinal',
    }),
  );
}

describe('reference tracks', () => {
  let shareId: string;
  let first: Reference;

  it('are attached by the musician, processed, and compared with the mix band by band', async () => {
    shareId = await newRequest();
    // The reference: a bass tone, 6 dB quieter.
    const sent = await attach(shareId, steadyToneWav(60, 0.25, 6), 'Bass reference.wav');
    expect(sent.reference).toMatchObject({ number: 1, status: 'uploading' });
    first = (await processed(shareId, sent.reference!.id))!;
    expect(first.status).toBe('ready');
    const row = (id: string) => first.comparison!.find((r) => r.id === id)!;
    // The mix has (next to) nothing below 250 Hz, the reference nearly all of its energy there.
    expect(row('band-low').difference!).toBeLessThan(-12);
    expect(row('band-low').citation).toMatch(/^Low band \u2212\d+\.\d dB vs reference 1$/);
    expect(row('band-lowMids').difference!).toBeGreaterThan(20);
    expect(row('integrated').difference!).toBeGreaterThan(3);
    expect(row('band-low').noteworthy).toBe(true);
    expect(row('width-low').noteworthy).toBe(false);
  });

  it("reach the request's two people, and nobody else", async () => {
    const forReviewer = await listed(shareId, reviewer);
    expect(forReviewer.map((r) => r.id)).toEqual([first.id]);
    const link = await call(reviewer, 'getReferenceUrl', { id: shareId, referenceId: first.id });
    expect(link.status).toBe(200);
    expect((await fetch(link.body.signedUrl)).status).toBe(200);
    expect((await call(stranger, 'listReferences', { id: shareId })).status).toBe(403);
    expect((await call(stranger, 'getReferenceUrl', { id: shareId, referenceId: first.id })).status).toBe(403);
    expect((await call(stranger, 'deleteReference', { id: shareId, referenceId: first.id })).status).toBe(403);
    // The reviewer hears them, and only the musician adds or removes them.
    const byReviewer = await call(reviewer, 'createReference', { id: shareId, filename: 'x.wav', contentType: 'audio/wav', size: 100 });
    expect(byReviewer.status).toBe(403);
    expect((await call(reviewer, 'deleteReference', { id: shareId, referenceId: first.id })).status).toBe(403);
    const nowhere = '00000000-0000-4000-8000-000000000000';
    expect((await call(musician, 'listReferences', { id: nowhere })).status).toBe(404);
    expect((await call(musician, 'getReferenceUrl', { id: shareId, referenceId: nowhere })).status).toBe(404);
    expect((await call(musician, 'deleteReference', { id: shareId, referenceId: nowhere })).status).toBe(404);
  });

  it('are at most three a request; a ticket never used frees its place once it has ended', async () => {
    const ask = () => call(musician, 'createReference', { id: shareId, filename: 'More.wav', contentType: 'audio/wav', size: 1000 });
    const [second, third] = [await ask(), await ask()];
    expect([second.body.reference.number, third.body.reference.number]).toEqual([2, 3]);
    const full = await ask();
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('references_full');
    await endTicket(shareId, 2);
    const again = await ask();
    expect(again.status).toBe(200);
    expect(again.body.reference.number).toBe(2);
    expect((await listed(shareId)).map((r) => r.number)).toEqual([1, 2, 3]);
  });

  it('take one place each when asked for from two tabs at once, and never a fourth', async () => {
    const other = await newRequest();
    const ask = () => call(musician, 'createReference', { id: other, filename: 'Tab.wav', contentType: 'audio/wav', size: 1000 });
    const answers = await Promise.all([ask(), ask(), ask(), ask()]);
    const given = answers.filter((a) => a.status === 200).map((a) => a.body.reference as Reference);
    for (const a of answers.filter((a) => a.status !== 200)) {
      expect(a.status).toBe(409);
      expect(['try_again', 'references_full']).toContain(a.body.error.code);
    }
    // No place given twice, and the list holds exactly what was given.
    expect(given.length).toBeGreaterThan(0);
    expect(new Set(given.map((r) => r.number)).size).toBe(given.length);
    expect((await listed(other)).map((r) => r.id).sort()).toEqual(given.map((r) => r.id).sort());
    // Asking again fills the places left, and then no more.
    for (let i = given.length; i < 3; i++) expect((await ask()).status).toBe(200);
    const full = await ask();
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('references_full');
    expect((await listed(other)).map((r) => r.number)).toEqual([1, 2, 3]);
  });

  it('go on from past every place on a request whose references came before their numbers did', async () => {
    const other = await newRequest();
    const ask = () => call(musician, 'createReference', { id: other, filename: 'Old.wav', contentType: 'audio/wav', size: 1000 });
    expect((await ask()).body.reference.number).toBe(1);
    await asBeforeNumbers(other);
    // Its references 2 and 3 may have been removed: the next is 4.
    expect((await ask()).body.reference).toMatchObject({ number: 4 });
    expect((await listed(other)).map((r) => r.number)).toEqual([1, 4]);
  });

  it('keep going from past every place once such a request has removed them all', async () => {
    const other = await newRequest(retrier, retrierTrackId);
    const ask = () => call(retrier, 'createReference', { id: other, filename: 'Old.wav', contentType: 'audio/wav', size: 1000 });
    const first = (await ask()).body.reference as Reference;
    await asBeforeNumbers(other);
    expect((await call(retrier, 'deleteReference', { id: other, referenceId: first.id })).status).toBe(200);
    // Nothing is left to say how far its numbers went but the count its removal wrote: the next is still 4.
    expect((await ask()).body.reference).toMatchObject({ number: 4 });
  });

  it('give the same request sent twice (a double click, a retry after a lost answer) one place, and its ticket again', async () => {
    const other = await newRequest(retrier, retrierTrackId);
    const bytes = steadyToneWav(300, 0.5, 2);
    const key = randomUUID();
    const ask = (filename = 'Same.wav', idempotencyKey = key) =>
      call(retrier, 'createReference', { id: other, filename, contentType: 'audio/wav', size: bytes.length, idempotencyKey });
    const [a, b] = await Promise.all([ask(), ask()]);
    const retried = await ask();
    for (const r of [a, b, retried]) expect(r.status).toBe(200);
    expect(new Set([a, b, retried].map((r) => r.body.reference.id)).size).toBe(1);
    expect((await listed(other, retrier)).map((r) => r.number)).toEqual([1]);
    // The key of another file is refused, and takes no place.
    const changed = await ask('Another.wav');
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('idempotency_conflict');
    // The ticket given again takes the file.
    expect((await sendFile(retried.body.upload, bytes, 'Same.wav')).status).toBeLessThan(300);
    expect((await processed(other, a.body.reference.id, retrier)).status).toBe('ready');
    // Once its file is in, the same request is not given a ticket again; another key is another place.
    const late = await ask();
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('reference_sent');
    const second = randomUUID();
    const placed = await ask('Same.wav', second);
    expect(placed.body.reference.number).toBe(2);
    // Its ticket ended unused: the same request takes its own place back, with its number; another file is refused.
    await endTicket(other, 2);
    expect((await ask('Other.wav', second)).body.error.code).toBe('idempotency_conflict');
    const back = await ask('Same.wav', second);
    expect(back.status).toBe(200);
    expect(back.body.reference).toMatchObject({ id: placed.body.reference.id, number: 2 });
    expect(Date.parse(back.body.upload.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('never give one number twice: a ticket written from a read another ticket has moved past is refused', async () => {
    const other = await newRequest(retrier, retrierTrackId);
    const data = await import('../../functions/tracks/data/references.js');
    const now = new Date();
    const ticket = (number: number) => {
      const id = randomUUID();
      return {
        shareId: other,
        number,
        ordinal: 1,
        id,
        name: 'Raced.wav',
        ownerId: retrierId,
        trackId: retrierTrackId,
        uploadKey: `uploads/references/${other}/${id}/Raced.wav`,
        ticketEndsAt: new Date(now.getTime() + 60_000).toISOString(),
        status: 'uploading' as const,
        createdAt: now.toISOString(),
      };
    };
    // Two tabs read the request when no number had been given, and each takes a place of its own.
    expect(await data.putReference(ticket(1), now, [], 0)).toBe(true);
    expect(await data.putReference(ticket(2), now, [], 0)).toBe(false);
    expect((await listed(other, retrier)).map((r) => r.number)).toEqual([1]);
    // Through the route, such a write is told to try again.
    const { createReference } = await import('../../functions/tracks/references.js');
    const read = data.readReferences;
    const stale = vi.spyOn(data, 'readReferences').mockImplementationOnce(async (id) => ({ ...(await read(id)), given: 0 }));
    try {
      await expect(
        createReference(retrierId, { id: other, filename: 'Raced.wav', contentType: 'audio/wav', size: 1000 }),
      ).rejects.toMatchObject({ code: 'try_again' });
    } finally {
      stale.mockRestore();
    }
  });

  it('refuse a file over their limits, with the reason', async () => {
    const other = await newRequest();
    const tooBig = await call(musician, 'createReference', {
      id: other,
      filename: 'Big.wav',
      contentType: 'audio/wav',
      size: 101 * 1024 * 1024,
    });
    expect(tooBig.status).toBe(400);
    // Ten minutes and a second, at a low rate to stay small.
    const long = await attach(other, wavBytes({ seconds: 601, sampleRate: 2000 }), 'Long.wav');
    const done = await processed(other, long.reference!.id);
    expect(done).toMatchObject({ status: 'failed', failureReason: 'A reference track must be at most 10 minutes long.' });
  });

  it('come out whole when their file is sent twice with one ticket (two runs of the same upload at once)', async () => {
    const other = await newRequest();
    const bytes = steadyToneWav(200, 0.5, 3);
    const ticket = await call(musician, 'createReference', {
      id: other,
      filename: 'Twice.wav',
      contentType: 'audio/wav',
      size: bytes.length,
    });
    const send = () => sendFile(ticket.body.upload, bytes, 'Twice.wav');
    expect((await Promise.all([send(), send()])).every((r) => r.ok)).toBe(true);
    const ready = await processed(other, ticket.body.reference.id);
    expect(ready.status).toBe('ready');
    // Whichever run lost, it took only its own file with it: the reference plays.
    await new Promise((r) => setTimeout(r, 1500));
    const link = await call(musician, 'getReferenceUrl', { id: other, referenceId: ready.id });
    expect((await fetch(link.body.signedUrl)).status).toBe(200);
  });

  it('keep a ticket, and a removal, whose write committed but whose answer was lost', async () => {
    const other = await newRequest();
    const data = await import('../../functions/tracks/data/references.js');
    const { createReference, removeReference } = await import('../../functions/tracks/references.js');
    // Each write takes effect; the retry of it, its answer lost, finds it done and is refused.
    const put = data.putReference;
    const lostPut = vi.spyOn(data, 'putReference').mockImplementationOnce(async (...args) => (await put(...args), false));
    let made: Awaited<ReturnType<typeof createReference>>;
    try {
      made = await createReference(musicianId, { id: other, filename: 'Lost.wav', contentType: 'audio/wav', size: 1000 });
    } finally {
      lostPut.mockRestore();
    }
    expect(made.reference.number).toBe(1);
    expect((await listed(other)).map((r) => r.id)).toEqual([made.reference.id]);
    const del = data.deleteReference;
    const lostDelete = vi.spyOn(data, 'deleteReference').mockImplementationOnce(async (...args) => (await del(...args), null));
    try {
      expect(await removeReference(musicianId, other, made.reference.id)).toEqual({ deleted: made.reference.id });
    } finally {
      lostDelete.mockRestore();
    }
    expect(await listed(other)).toEqual([]);
  });

  it('refuse a ticket, and take no place, when the request closes between its read and its write', async () => {
    const other = await newRequest();
    const data = await import('../../functions/tracks/data/references.js');
    const { createReference } = await import('../../functions/tracks/references.js');
    const put = data.putReference;
    // The reviewer declines it just after the ticket's reads: the write must see it closed.
    const closing = vi.spyOn(data, 'putReference').mockImplementationOnce(async (...args) => {
      expect((await flows.respondToShare(stack, reviewer, other, 'declined')).status).toBe(200);
      return put(...args);
    });
    try {
      await expect(
        createReference(musicianId, { id: other, filename: 'Late.wav', contentType: 'audio/wav', size: 1000 }),
      ).rejects.toMatchObject({ code: 'request_closed' });
    } finally {
      closing.mockRestore();
    }
    expect(await itemsUnder(stack, `REFERENCES#${other}`)).toEqual([]);
  });

  it('keep their audio when the write of their result committed but its answer was lost', async () => {
    const other = await newRequest();
    const { claimSlot, releaseSlot } = await import('../../functions/tracks/processing-slots.js');
    const { getSlots } = await import('../../functions/tracks/data/processing-slots.js');
    const data = await import('../../functions/tracks/data/references.js');
    const { processReference } = await import('../../functions/tracks/reference-run.js');
    // The stack's own run of the upload waits while the musician's places are all held: this run goes first.
    await expect.poll(async () => Object.keys((await getSlots(musicianId))?.runs ?? {}), { timeout: 10_000 }).toEqual([]);
    const held = ['hold-a', 'hold-b', 'hold-c'];
    for (const run of held) expect(await claimSlot(musicianId, run)).toBe(true);
    let sent: Awaited<ReturnType<typeof attach>>;
    try {
      sent = await attach(other, steadyToneWav(250, 0.5, 2), 'Lost result.wav');
      // The result's write takes effect; the retry of it, its answer lost, finds it done and is refused.
      const write = data.setReferenceResult;
      const lost = vi
        .spyOn(data, 'setReferenceResult')
        .mockImplementation(async (...args) => (await write(...args)) && args[1].status !== 'ready');
      try {
        expect(await processReference(sent.body.upload.key, { share: false })).toBe('ready');
      } finally {
        lost.mockRestore();
      }
    } finally {
      for (const run of held) await releaseSlot(musicianId, run);
    }
    const ready = await processed(other, sent.reference!.id);
    expect(ready.status).toBe('ready');
    const link = await call(musician, 'getReferenceUrl', { id: other, referenceId: ready.id });
    expect((await fetch(link.body.signedUrl)).status).toBe(200);
  });

  it('are deleted whole by a cleanup that storage failed the first time', async () => {
    const other = await newRequest();
    const sent = await attach(other, steadyToneWav(400, 0.5, 2), 'Cleanup.wav');
    const ready = await processed(other, sent.reference!.id);
    const link = (await call(musician, 'getReferenceUrl', { id: other, referenceId: ready.id })).body.signedUrl as string;
    const media = await import('../../functions/tracks/data/media.js');
    const { forgetReferences } = await import('../../functions/tracks/references.js');
    const failing = vi.spyOn(media, 'deleteObject').mockRejectedValueOnce(new Error('Storage is not answering'));
    try {
      await expect(forgetReferences(other)).rejects.toThrow('Storage is not answering');
    } finally {
      failing.mockRestore();
    }
    // Still named, so the stream's retry of the batch finds it.
    expect((await listed(other)).map((r) => r.id)).toEqual([ready.id]);
    expect(await forgetReferences(other)).toBe(1);
    expect(await listed(other)).toEqual([]);
    expect((await fetch(link)).status).toBe(404);
  });

  it('are removed with their audio, and their numbers are not given again', async () => {
    const other = await newRequest();
    const sent = await attach(other, steadyToneWav(5000, 0.5, 3), 'Bright.wav');
    const ready = (await processed(other, sent.reference!.id))!;
    const link = (await call(musician, 'getReferenceUrl', { id: other, referenceId: ready.id })).body.signedUrl as string;
    expect((await call(musician, 'deleteReference', { id: other, referenceId: ready.id })).body).toEqual({ deleted: ready.id });
    expect(await listed(other)).toEqual([]);
    expect((await fetch(link)).status).toBe(404);
    // The next one takes its place but not its number: a comment that cited 'reference 1' still means the file removed.
    const next = await attach(other, steadyToneWav(60, 0.25, 3), 'Bass.wav');
    expect(next.reference).toMatchObject({ number: 2 });
    const measured = (await processed(other, next.reference!.id))!;
    expect(measured.comparison!.find((r) => r.id === 'band-low')!.citation).toMatch(/ vs reference 2$/);
    expect(await itemsUnder(stack, `REFERENCES#${other}`)).toEqual(
      expect.arrayContaining([expect.objectContaining({ SK: 'REF#1', ordinal: 2 }), expect.objectContaining({ SK: 'COUNT', last: 2 })]),
    );
  });

  it('are refused once the request closes, and deleted with their audio', async () => {
    const link = (await call(musician, 'getReferenceUrl', { id: shareId, referenceId: first.id })).body.signedUrl as string;
    expect((await flows.respondToShare(stack, reviewer, shareId, 'declined')).status).toBe(200);
    expect(await listed(shareId)).toEqual([]);
    // For either of the two: the reviewer and the musician who attached it.
    for (const who of [reviewer, musician]) {
      const closed = await call(who, 'getReferenceUrl', { id: shareId, referenceId: first.id });
      expect(closed.status).toBe(404);
      expect(closed.body.error.message).toBe('This request is closed, so its reference tracks are deleted');
    }
    expect(
      (await call(musician, 'createReference', { id: shareId, filename: 'Late.wav', contentType: 'audio/wav', size: 100 })).status,
    ).toBe(409);
    await until(
      "the closed request's reference audio deleted",
      async () => (await fetch(link)).status,
      (status) => status === 404,
      20_000,
    );
  });

  it('go when the review is delivered: the request is done with them', async () => {
    const other = await newRequest();
    const sent = await attach(other, steadyToneWav(120, 0.5, 3), 'Delivered.wav');
    const ready = await processed(other, sent.reference!.id);
    const link = (await call(reviewer, 'getReferenceUrl', { id: other, referenceId: ready.id })).body.signedUrl as string;
    expect((await flows.respondToShare(stack, reviewer, other, 'accepted')).status).toBe(200);
    // A measured difference the reviewer makes a comment is from analysis, as the server reads it; changed, it is theirs.
    const citation = ready.comparison!.find((r) => r.noteworthy && r.citation)!.citation!;
    const comment = (text: string) => call(reviewer, 'addComment', { id: other, timestamp: null, text, tags: ['#Mixing'] });
    expect((await comment(citation)).body.made).toEqual({ how: 'analysis' });
    expect((await comment(citation.replace(/\d/, (d) => String((Number(d) + 1) % 10)))).body.made).toEqual({ how: 'typed' });
    const done = await call(reviewer, 'submitFeedback', { id: other, criteria: { energyImpact: 4 } });
    expect(done.status).toBe(200);
    // The musician's e-mail and the review's public link say the review drew on the references, as it did.
    const mail = await waitForEmail(stack.mailUrl, musician.email, /^Feedback responded: Mix$/);
    expect(mail.body.text).toContain('It includes 1 comment comparing your mix with your reference tracks.');
    const publicLink = await call(musician, 'makePublicLink', { id: other });
    const shown = await call(musician, 'getPublicReview', { token: publicLink.body.token });
    expect(shown.body.drewOn).toEqual(["1 comment comparing the mix with the musician's reference tracks"]);
    await until(
      "the delivered request's reference audio deleted",
      async () => (await fetch(link)).status,
      (status) => status === 404,
      20_000,
    );
    await until(
      'its items deleted',
      () => itemsUnder(stack, `REFERENCES#${other}`),
      (items) => items.length === 0,
      20_000,
    );
  });

  it('go with the track their request is about', async () => {
    const track = await flows.registerUpload(stack, musician, steadyToneWav(300, 0.5, 2), 'Gone.wav', 'Gone');
    const asked = await flows.requestFeedback(stack, musician, reviewerId, track.id, { feedbackNotes: 'Soon gone', context: 'mix_check' });
    const sent = await attach(asked.body.id, steadyToneWav(90, 0.5, 2), 'Gone reference.wav');
    await processed(asked.body.id, sent.reference!.id);
    expect((await call(musician, 'deleteTracks', { ids: [track.id] })).body).toMatchObject({ deleted: [track.id] });
    await until(
      'its items deleted',
      () => itemsUnder(stack, `REFERENCES#${asked.body.id}`),
      (items) => items.length === 0,
      20_000,
    );
  });
});
