/**
 * A track as processing sees it, in the browser: 'Processing...' in place of the player until the audio
 * arrives and is processed, then its waveform without a reload (the realtime channel); and a file
 * processing refused, with its reason. At 1280 and 390 px.
 */
import fs from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, createConfirmedUser, type TestUser } from '../support/stack-kit.js';
import { pngBytes, wavBytes } from '../support/audio.js';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { onboard, registerUpload } from '../support/flows.js';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const { stack } = e2e;
const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ ...local, endpoint: stack.dynamoEndpoint }));
const s3 = new S3Client({
  ...local,
  endpoint: stack.s3Endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

let user: TestUser;
let userId: string;
const trackId = crypto.randomUUID();
let uploadKey: string;

/** A registered track whose file has not arrived yet: what the list shows between registration and processing. */
async function registeredTrackAwaitingItsFile() {
  uploadKey = `uploads/${userId}/${crypto.randomUUID()}/Late_Arrival.wav`;
  const at = new Date().toISOString();
  await db.send(
    new PutCommand({ TableName: stack.tableName, Item: { PK: `AUDIOKEY#${uploadKey}`, SK: 'AUDIOKEY', entity: 'audiokey', trackId } }),
  );
  await db.send(
    new PutCommand({
      TableName: stack.tableName,
      Item: {
        PK: `TRACK#${trackId}`,
        SK: 'META',
        GSI3PK: `OWNER#${userId}`,
        GSI3SK: `TRACK#${at}#${trackId}`,
        entity: 'track',
        id: trackId,
        userId,
        title: 'Late Arrival',
        artist: null,
        uploadKey,
        audioKey: '',
        status: 'processing',
        failureReason: null,
        contentType: 'audio/wav',
        sizeBytes: 0,
        duration: 0,
        peaks: '',
        snippet: { start: 0, end: 30 },
        isShared: false,
        shareOptions: null,
        processingDeadline: new Date(Date.now() + 3600_000).toISOString(),
        createdAt: at,
        updatedAt: at,
      },
    }),
  );
}

beforeAll(async () => {
  user = await createConfirmedUser(stack, { prefix: 'processing' });
  userId = await onboard(stack, user, 'musician');
  const refused = await registerUpload(stack, user, pngBytes(), 'cover.mp3', 'Not Really Audio', 'audio/mpeg');
  expect(refused.status).toBe('failed');
  await registeredTrackAwaitingItsFile();
});

describe('processing in the track list', () => {
  it('shows Processing... and a refused file with its reason, on desktop and phone', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await e2e.signedIn(user, '/dashboard', viewport);
      const late = page.getByTestId('track-row').filter({ hasText: 'Late Arrival' });
      await late.getByTestId('track-processing').waitFor();
      expect(await late.getByTestId('track-processing').textContent()).toContain('Processing...');
      expect(await late.getByTestId('player-waveform').count()).toBe(0);
      const refused = page.getByTestId('track-row').filter({ hasText: 'Not Really Audio' });
      expect(await refused.getByTestId('track-failure-reason').textContent()).toMatch(/not audio.*Delete it and upload the file again\./);
      expect(await refused.getByRole('button', { name: 'Delete Not Really Audio' }).isVisible()).toBe(true);
      await screenshot(page, 'tracks-processing');
      await page.context().close();
    }
  });

  it('plays an AIFF and an ALAC upload, which browsers cannot play as they are, from their WAV copies', async () => {
    for (const file of ['aiff-s16-stereo-11k.aiff', 'alac-s16-stereo.m4a']) {
      const track = await registerUpload(
        stack,
        user,
        fs.readFileSync(`test/fixtures/audio/${file}`),
        file,
        file,
        file.endsWith('.aiff') ? 'audio/aiff' : 'audio/mp4',
      );
      expect(track.status).toBe('ready');
    }
    const page = await e2e.signedIn(user, '/dashboard', DESKTOP);
    for (const title of ['aiff-s16-stereo-11k.aiff', 'alac-s16-stereo.m4a']) {
      const row = page.getByTestId('track-row').filter({ hasText: title });
      await row.getByRole('button', { name: /^Play/ }).first().click();
      // Playing: the button turns to Pause; a browser that cannot decode the file says 'Failed to load audio'.
      await row
        .getByRole('button', { name: /^Pause/ })
        .first()
        .waitFor({ timeout: 15_000 });
      expect(await row.getByText('Failed to load audio').count()).toBe(0);
      await row
        .getByRole('button', { name: /^Pause/ })
        .first()
        .click();
    }
  });

  it('draws the waveform without a reload once the file arrives and is processed', async () => {
    const page = await e2e.signedIn(user, '/dashboard', DESKTOP);
    const late = page.getByTestId('track-row').filter({ hasText: 'Late Arrival' });
    await late.getByTestId('track-processing').waitFor();
    // The object's creation is what starts processing (an S3 event), as in AWS.
    await s3.send(
      new PutObjectCommand({ Bucket: stack.mediaBucket, Key: uploadKey, Body: wavBytes({ seconds: 7 }), ContentType: 'audio/wav' }),
    );
    await late.getByTestId('player-waveform').waitFor({ timeout: 30_000 });
    expect(await late.getByTestId('track-duration').textContent()).toBe('0:07');
    expect(await late.getByTestId('track-processing').count()).toBe(0);
    const list = await callRoute(stack.apiUrl, 'listTracks', {}, user.idToken);
    expect(list.body.tracks.find((t: { id: string }) => t.id === trackId)).toMatchObject({ status: 'ready' });
  });
});
