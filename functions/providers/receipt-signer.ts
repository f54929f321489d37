/**
 * Signs review receipts (functions/feedback/receipts.ts) with a KMS key, ECDSA P-256: the private key never
 * leaves KMS (RECEIPT_KEY_ID names it; locally the stack's KMS stand-in holds one made up for it). KMS is sent
 * the message's SHA-256 as a DIGEST, since it takes at most 4,096 bytes as a message and a receipt with many
 * comments is longer; the signature is the same ECDSA-SHA256 over the receipt's text, so it is checked with
 * the public key, here or anywhere, without a call.
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { config } from '../lib/config.js';
import { base, lazy } from '../lib/aws/options.js';
import { traced } from '../lib/observability.js';

export const RECEIPT_ALGORITHM = 'ECDSA_SHA_256';

export interface ReceiptSigner {
  /** Names the key a receipt was signed with. */
  readonly keyId: string;
  sign(message: Buffer): Promise<Buffer>;
  publicKey(): Promise<KeyObject>;
}

/** The KMS client is loaded on first use, not at every cold start: most calls of these areas show no receipt. */
let kmsModule: Promise<typeof import('@aws-sdk/client-kms')> | undefined;
let loaded: typeof import('@aws-sdk/client-kms') | undefined;
const kmsClient = lazy(() => traced(new loaded!.KMSClient(base(config.endpoint('kmsEndpoint')))));
async function kms() {
  const sdk = (loaded = await (kmsModule ??= import('@aws-sdk/client-kms')));
  return { sdk, client: kmsClient() };
}

function kmsSigner(keyId: string): ReceiptSigner {
  let pub: Promise<KeyObject> | undefined;
  return {
    keyId,
    async sign(message) {
      const { sdk, client } = await kms();
      const res = await client.send(
        new sdk.SignCommand({
          KeyId: keyId,
          Message: createHash('sha256').update(message).digest(),
          MessageType: 'DIGEST',
          SigningAlgorithm: RECEIPT_ALGORITHM,
        }),
      );
      if (!res.Signature) throw new Error('KMS gave no signature');
      return Buffer.from(res.Signature);
    },
    publicKey() {
      // Once per container; a failed read is tried again by the next receipt.
      pub ??= kms()
        .then(({ sdk, client }) => client.send(new sdk.GetPublicKeyCommand({ KeyId: keyId })))
        .then((res) => createPublicKey({ key: Buffer.from(res.PublicKey!), format: 'der', type: 'spki' }))
        .catch((err) => {
          pub = undefined;
          throw err;
        });
      return pub;
    },
  };
}

let signer: ReceiptSigner | undefined;
/** The deployment's signer; throws when it has none (a receipt is then not made: see receipts.ts). */
export function receiptSigner(): ReceiptSigner {
  if (signer) return signer;
  const keyId = process.env.RECEIPT_KEY_ID;
  if (!keyId) throw new Error('No receipt key (set RECEIPT_KEY_ID)');
  return (signer = kmsSigner(keyId));
}

/** Whether `signature` is the key's over `message`. */
export async function signatureHolds(message: Buffer, signature: Buffer): Promise<boolean> {
  try {
    return verify('sha256', message, await receiptSigner().publicKey(), signature);
  } catch {
    return false;
  }
}
