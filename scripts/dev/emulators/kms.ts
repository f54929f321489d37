/**
 * A local stand-in for KMS's API, as far as the product calls it: Sign and GetPublicKey (AWS JSON 1.1, as the
 * SDK sends them) for asymmetric ECC_NIST_P256 SIGN_VERIFY keys whose private half it holds, as KMS holds it.
 * It enforces what KMS does for the calls: a known key (by id or ARN), a signing algorithm the key supports,
 * a message of 1 to 4,096 bytes, and a DIGEST exactly as long as the algorithm's hash. A DIGEST is signed as
 * given, not hashed again: that is the difference a client gets wrong, so the stand-in does it the real way
 * (ECDSA over the digest, below), and the signature checks with the public key over the original message.
 */
import { createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto';
import { startAwsJsonService } from './aws-json.js';

const MAX_MESSAGE_BYTES = 4096;
const ALGORITHM = 'ECDSA_SHA_256';
const DIGEST_BYTES = 32;

export interface LocalKms {
  /** The endpoint the SDK is pointed at. */
  endpoint: string;
  /** A key's ARN, as KMS gives it. */
  keyArn(keyId: string): string;
  close(): Promise<void>;
}

// NIST P-256 (FIPS 186-4, D.1.2.3): the field, the group order, and the base point.
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const G = {
  x: 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n,
  y: 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n,
};
type Point = { x: bigint; y: bigint } | null;

const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;
function inverse(a: bigint, m: bigint): bigint {
  let [r0, r1, s0, s1] = [mod(a, m), m, 1n, 0n];
  while (r1) {
    const q = r0 / r1;
    [r0, r1, s0, s1] = [r1, r0 - q * r1, s1, s0 - q * s1];
  }
  return mod(s0, m);
}
function add(a: Point, b: Point): Point {
  if (!a) return b;
  if (!b) return a;
  if (a.x === b.x && mod(a.y + b.y, P) === 0n) return null;
  const slope = a.x === b.x ? mod((3n * a.x * a.x - 3n) * inverse(2n * a.y, P), P) : mod((b.y - a.y) * inverse(b.x - a.x, P), P);
  const x = mod(slope * slope - a.x - b.x, P);
  return { x, y: mod(slope * (a.x - x) - a.y, P) };
}
function times(k: bigint, point: Point): Point {
  let result: Point = null;
  for (let addend = point; k > 0n; k >>= 1n, addend = add(addend, addend)) if (k & 1n) result = add(result, addend);
  return result;
}

const bigOf = (b: Buffer) => BigInt(`0x${b.toString('hex') || '0'}`);
function derInteger(v: bigint): Buffer {
  let bytes = Buffer.from(v.toString(16).padStart(64, '0'), 'hex');
  while (bytes.length > 1 && bytes[0] === 0 && bytes[1] < 0x80) bytes = bytes.subarray(1);
  if (bytes[0] >= 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return Buffer.concat([Buffer.from([0x02, bytes.length]), bytes]);
}

/** ECDSA (SEC 1, 4.1.3) over a SHA-256 digest as given, DER-encoded as KMS returns it. */
function signDigest(d: bigint, digest: Buffer): Buffer {
  const z = bigOf(digest);
  for (;;) {
    const k = mod(bigOf(randomBytes(40)), N - 1n) + 1n;
    const r = mod(times(k, G)!.x, N);
    const s = mod(inverse(k, N) * (z + r * d), N);
    if (r === 0n || s === 0n) continue;
    const body = Buffer.concat([derInteger(r), derInteger(s)]);
    return Buffer.concat([Buffer.from([0x30, body.length]), body]);
  }
}

/** Starts KMS with the given keys: each key id with its PKCS#8 PEM private key (ECDSA P-256). */
export async function startLocalKms(keys: Record<string, string>, region = 'us-east-1'): Promise<LocalKms> {
  const arn = (id: string) => `arn:aws:kms:${region}:000000000000:key/${id}`;
  const held = new Map(
    Object.entries(keys).map(([id, pem]) => {
      const key = createPrivateKey(pem);
      if (key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error(`Key ${id} is not ECC_NIST_P256`);
      const d = bigOf(Buffer.from(key.export({ format: 'jwk' }).d!, 'base64url'));
      return [id, { d, key, spki: createPublicKey(key).export({ type: 'spki', format: 'der' }) }];
    }),
  );
  const keyOf = (keyId: unknown) => {
    const id = typeof keyId === 'string' ? keyId.replace(/^arn:aws:kms:[^:]+:\d{12}:key\//, '') : '';
    const key = held.get(id);
    return key && { id, ...key };
  };

  const service = await startAwsJsonService('1.1', 'TrentService', ({ action, method, body }, { ok, fail }) => {
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body.toString('utf8') || '{}');
    } catch {
      return fail(400, 'SerializationException', 'The request body is not valid JSON.');
    }
    if (method !== 'POST' || (action !== 'Sign' && action !== 'GetPublicKey'))
      return fail(400, 'UnknownOperationException', `The action ${action || '(none)'} is not valid for this endpoint.`);
    const key = keyOf(input.KeyId);
    if (!key) return fail(400, 'NotFoundException', `Key '${String(input.KeyId)}' does not exist`);
    if (action === 'GetPublicKey')
      return ok({
        KeyId: arn(key.id),
        PublicKey: key.spki.toString('base64'),
        KeySpec: 'ECC_NIST_P256',
        KeyUsage: 'SIGN_VERIFY',
        SigningAlgorithms: [ALGORITHM],
      });

    const message = typeof input.Message === 'string' ? Buffer.from(input.Message, 'base64') : Buffer.alloc(0);
    if (message.length < 1 || message.length > MAX_MESSAGE_BYTES)
      return fail(
        400,
        'ValidationException',
        `1 validation error detected: Value at 'message' failed to satisfy constraint: Member must have length between 1 and ${MAX_MESSAGE_BYTES}`,
      );
    if (input.SigningAlgorithm !== ALGORITHM)
      return fail(
        400,
        'InvalidKeyUsageException',
        `${String(input.SigningAlgorithm)} is not a supported signing algorithm for ECC_NIST_P256`,
      );
    const type = input.MessageType ?? 'RAW';
    if (type !== 'RAW' && type !== 'DIGEST')
      return fail(400, 'ValidationException', `Value '${String(type)}' at 'messageType' is not valid`);
    if (type === 'DIGEST' && message.length !== DIGEST_BYTES)
      return fail(400, 'ValidationException', `Digest is invalid length for algorithm ${ALGORITHM}.`);
    const signature = type === 'RAW' ? sign('sha256', message, key.key) : signDigest(key.d, message);
    ok({ KeyId: arn(key.id), Signature: signature.toString('base64'), SigningAlgorithm: ALGORITHM });
  });
  return { endpoint: service.endpoint, keyArn: arn, close: service.close };
}
