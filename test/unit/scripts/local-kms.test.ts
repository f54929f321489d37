/**
 * The local KMS (scripts/dev/emulators/kms.ts) and the receipt signer that calls it through the SDK
 * (functions/providers/receipt-signer.ts), as in AWS: the stand-in refuses what KMS refuses (an unknown key,
 * another algorithm, a message over 4,096 bytes, a digest of the wrong length), so a receipt longer than
 * KMS takes as a message must be signed as a digest, and its signature must check over the receipt's text
 * with the key's public half.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptPayload, signReceipt } from '../../../functions/feedback/receipts.js';
import { receiptSigner, signatureHolds } from '../../../functions/providers/receipt-signer.js';
import { startLocalKms, type LocalKms } from '../../../scripts/dev/emulators/kms.js';
import { LOCAL_RECEIPT_KEY, LOCAL_RECEIPT_KEY_ID } from '../../../scripts/dev/stack/local-names.js';

let kms: LocalKms;
let client: KMSClient;

beforeAll(async () => {
  kms = await startLocalKms({ [LOCAL_RECEIPT_KEY_ID]: LOCAL_RECEIPT_KEY });
  process.env.KMS_ENDPOINT = kms.endpoint;
  process.env.RECEIPT_KEY_ID = kms.keyArn(LOCAL_RECEIPT_KEY_ID);
  client = new KMSClient({ region: 'us-east-1', endpoint: kms.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
});
afterAll(async () => {
  client.destroy();
  await kms.close();
});

const sign = (input: Partial<ConstructorParameters<typeof SignCommand>[0]>) =>
  client.send(new SignCommand({ KeyId: LOCAL_RECEIPT_KEY_ID, SigningAlgorithm: 'ECDSA_SHA_256', Message: Buffer.from('x'), ...input }));

/** A delivered review's receipt with `n` comments, each with a range and tags. */
function receiptWith(n: number) {
  const share = {
    id: 'req-1',
    trackId: 'trk-1',
    trackTitle: 'A Long Night',
    trackDuration: 300,
    sharedWithUserId: 'pro',
    sharedByUserId: 'mus',
    payment: { amountCents: 1500 },
    acceptedAt: '2026-01-01T10:00:00.000Z',
    createdAt: '2026-01-01T09:00:00.000Z',
  } as never;
  const comments = Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    userId: 'pro',
    timestamp: i * 4,
    endTimestamp: i * 4 + 3,
    text: `Point ${i}: the snare's tail masks the vocal here`,
    tags: ['#Mixing', '#Drums'],
    made: { how: i % 3 ? 'typed' : 'analysis' },
    createdAt: '2026-01-01T10:30:00.000Z',
  }));
  return receiptPayload(
    share,
    { comments, listening: { heardSeconds: 290, sessions: 2 } } as never,
    { criteria: { energyImpact: 4 }, comment: 'A careful mix with a crowded middle.' },
    '2026-01-01T12:00:00.000Z',
  );
}

describe('the local KMS', () => {
  it('refuses what KMS refuses', async () => {
    await expect(sign({ KeyId: 'no-such-key' })).rejects.toMatchObject({ name: 'NotFoundException' });
    await expect(sign({ SigningAlgorithm: 'RSASSA_PSS_SHA_256' })).rejects.toMatchObject({ name: 'InvalidKeyUsageException' });
    await expect(sign({ Message: Buffer.alloc(4097, 1) })).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(sign({ Message: Buffer.alloc(31, 1), MessageType: 'DIGEST' })).rejects.toMatchObject({ name: 'ValidationException' });
  });

  it('signs a message, and a digest as given, each checking over the message with its public key', async () => {
    const message = Buffer.from('the receipt text');
    const { PublicKey, KeyId } = await client.send(new GetPublicKeyCommand({ KeyId: kms.keyArn(LOCAL_RECEIPT_KEY_ID) }));
    expect(KeyId).toBe(kms.keyArn(LOCAL_RECEIPT_KEY_ID));
    const pub = createPublicKey({ key: Buffer.from(PublicKey!), format: 'der', type: 'spki' });
    const raw = await sign({ Message: message, MessageType: 'RAW' });
    const digest = await sign({ Message: createHash('sha256').update(message).digest(), MessageType: 'DIGEST' });
    for (const s of [raw, digest]) expect(verify('sha256', message, pub, Buffer.from(s.Signature!))).toBe(true);
    expect(verify('sha256', Buffer.from('the receipt text!'), pub, Buffer.from(digest.Signature!))).toBe(false);
    // The stand-in's public key is the one it was given.
    expect(pub.export({ type: 'spki', format: 'der' })).toEqual(createPublicKey(LOCAL_RECEIPT_KEY).export({ type: 'spki', format: 'der' }));
  });
});

describe('the receipt signer, through KMS', () => {
  it('signs a receipt longer than KMS takes as a message, and the receipt checks; a changed byte does not', async () => {
    const payload = receiptWith(80);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeGreaterThan(4096);
    const receipt = await signReceipt(payload);
    expect(receipt).toMatchObject({ keyId: process.env.RECEIPT_KEY_ID, algorithm: 'ECDSA_SHA_256' });
    const signature = Buffer.from(receipt!.signature, 'base64');
    expect(await signatureHolds(Buffer.from(receipt!.signed), signature)).toBe(true);
    expect(await signatureHolds(Buffer.from(receipt!.signed.replace('"secondsHeard":290', '"secondsHeard":291')), signature)).toBe(false);
    expect(receiptSigner().keyId).toBe(kms.keyArn(LOCAL_RECEIPT_KEY_ID));
  });
});
