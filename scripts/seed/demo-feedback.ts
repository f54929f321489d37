/**
 * The demo's feedback loop, so that a fresh `npm start` shows what the product is for: Mia's track with
 * Quinn's completed, timestamped review (the whole track heard) waiting for her rating, and a second track Max has been asked
 * to review. Made through the same use cases the API runs (upload, register, share, accept, comment,
 * submit), so the records are exactly what users would produce.
 */
import { createShare, addComment, respond, submitFeedback } from '../../functions/feedback/shares.js';
import { startListening } from '../../functions/feedback/index.js';
import { getShareBundle, putListening } from '../../functions/feedback/data/shares.js';
import { countHeard, encodeHeard, emptyHeard, markHeard } from '../../shared/review.js';
import { createTrack, createUploadTicket } from '../../functions/tracks/tracks.js';
import { getTrack } from '../../functions/tracks/data/tracks.js';
import { getUser, type UserRecord } from '../../functions/people/data/users.js';
import { shareOptionsSchema, type ShareOptions } from '../../shared/schemas/shares.js';
import { pcmWav, renderSong, type Song } from './demo-audio.js';

const SAMPLE_RATE = 22_050;

export const DEMO_TRACKS = {
  reviewed: 'Midnight Drive',
  requested: 'Sunrise Sketch',
} as const;

const MIDNIGHT_DRIVE: Song = {
  seconds: 40,
  bpm: 120,
  roots: [110, 87.31, 130.81, 98],
  sections: [
    [0, 0, 0],
    [8, 0.6, 0.8],
    [20, 0, 0.4],
    [24, 1, 1],
    [36, 0.3, 0.3],
  ],
};

const SUNRISE_SKETCH: Song = {
  seconds: 32,
  bpm: 96,
  roots: [130.81, 110, 87.31, 98],
  sections: [
    [0, 0, 0.5],
    [6, 0.4, 0.7],
    [18, 0.8, 1],
    [28, 0, 0.3],
  ],
};

/** Quinn's review of Midnight Drive: each on the second it is about, with the spec's category tags. */
const QUINN_COMMENTS = [
  {
    timestamp: 9,
    text: 'The kick and the bass land on the same note here and blur together: sidechain the bass to the kick, or cut the bass below 50 Hz.',
    tags: ['#Bassline', '#Mixing'],
  },
  {
    timestamp: 20,
    text: 'Dropping the drums for the break works. Four bars is long though: try two, or add a riser so the drop feels earned.',
    tags: ['#Arrangement'],
  },
  {
    timestamp: 25,
    text: 'Great lift into the drop. The pad masks the chords a little: a 2-3 dB cut around 2 kHz would let them through.',
    tags: ['#Mixing', '#Harmony'],
  },
];

/** The track once processing has finished with it (the S3 event runs processing in the background). */
async function processed(trackId: string, timeoutMs = 120_000) {
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    const track = await getTrack(trackId);
    if (track?.status === 'ready') return track;
    if (track?.status === 'failed') throw new Error(`Demo track ${track.title} failed processing: ${track.failureReason}`);
  }
  throw new Error(`Demo track ${trackId} was still processing after ${timeoutMs / 1000} s`);
}

/** Uploads the song the way the browser does, through a presigned POST, registers it and waits for processing. */
export async function uploadSong(owner: UserRecord, title: string, song: Song) {
  const bytes = pcmWav(renderSong(song, SAMPLE_RATE), SAMPLE_RATE);
  const ticket = await createUploadTicket(owner, { filename: `${title}.wav`, contentType: 'audio/wav', size: bytes.length });
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }));
  const res = await fetch(ticket.url, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`Demo upload of ${title} failed: ${res.status} ${await res.text()}`);
  const track = await createTrack(owner, { key: ticket.key, title, artist: owner.fullName });
  return track.status === 'ready' ? track : processed(track.id);
}

/** Share options as the share modal sends them, validated by the same schema the API uses. */
export const options = (feedbackNotes: string, context: string, trackPurpose: string, referenceTrack = ''): ShareOptions =>
  shareOptionsSchema.parse({ feedbackNotes, context, trackPurpose, referenceTrack, categories: ['mixing', 'arrangement'] });

export async function demoUser(id: string): Promise<UserRecord> {
  const user = await getUser(id);
  if (!user) throw new Error(`Demo user ${id} has no record`);
  return user;
}

/**
 * The reviewer heard the whole song in one session, as their player would have reported it. Reported
 * through the API it would take the song's length in real time (the server measures how long a player
 * played), so the record those reports leave is written as it.
 */
async function heardWhole(reviewerId: string, shareId: string, seconds: number) {
  const { session } = await startListening(reviewerId, shareId);
  const was = (await getShareBundle(shareId))?.listening;
  if (!was) throw new Error(`Demo request ${shareId} has no listening record`);
  const heard = emptyHeard(seconds);
  markHeard(heard, [[0, seconds]], seconds);
  const at = new Date().toISOString();
  const next = { ...was, heard: encodeHeard(heard), heardSeconds: countHeard(heard), lastAt: at, tickAt: at, clockSeconds: seconds };
  const written = await putListening(
    shareId,
    { ...next, sessions: 1, recentSessions: [session], version: was.version + 1 },
    { closed: [] },
  );
  if (written !== 'written') throw new Error(`Demo listening of ${shareId} not written: ${written}`);
}

export async function seedDemoFeedback(ids: { musician: string; peer: string; freePro: string }): Promise<void> {
  const [mia, max, quinn] = await Promise.all([demoUser(ids.musician), demoUser(ids.peer), demoUser(ids.freePro)]);

  const drive = await uploadSong(mia, DEMO_TRACKS.reviewed, MIDNIGHT_DRIVE);
  const review = await createShare(mia, {
    sharedWithId: quinn.id,
    trackId: drive.id,
    shareOptions: options('Does the drop hit hard enough? Be honest about the low end.', 'mix_check', 'streaming_release'),
  });
  await respond(quinn.id, review.id, 'accepted');
  await heardWhole(quinn.id, review.id, MIDNIGHT_DRIVE.seconds);
  for (const comment of QUINN_COMMENTS) await addComment(quinn, review.id, comment);
  await addComment(mia, review.id, {
    timestamp: 25,
    text: 'Would you cut the pad or bring the chords up?',
    tags: [],
  });
  await submitFeedback(quinn.id, {
    id: review.id,
    criteria: { mixingMastering: 3, compositionArrangement: 4, energyImpact: 4 },
    comment: 'A strong loop with a clear identity. Sort out the low end and tighten the break, and it is ready for a release.',
  });

  const sketch = await uploadSong(mia, DEMO_TRACKS.requested, SUNRISE_SKETCH);
  await createShare(mia, {
    sharedWithId: max.id,
    trackId: sketch.id,
    shareOptions: options('Is the groove interesting enough for a whole track?', 'first_draft', 'hobby_project'),
  });
}
