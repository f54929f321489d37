/**
 * Signs review receipts (functions/feedback/receipts.ts) with an ECDSA P-256 key: KMS in AWS (the private key
 * never leaves it: RECEIPT_KEY_ID names it), a local key in the stack (RECEIPT_SIGNING_KEY, a PKCS#8 PEM made
 * up for it and meaningless anywhere else). Both give DER signatures of the message's SHA-256, so a receipt is
 * checked the same way wherever it was signed: with the public key, here, without a call.
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { config } from '../lib/config.js';
import { traced } from '../lib/observability.js';

export const RECEIPT_ALGORITHM = 'ECDSA_SHA_256';

export interface ReceiptSigner {
  /** Names the key a receipt was signed with. */
  readonly keyId: string;
  sign(message: Buffer): Promise<Buffer>;
  publicKey(): Promise<KeyObject>;
}

function localSigner(pem: string): ReceiptSigner {
  const key = createPrivateKey(pem);
  const pub = createPublicKey(key);
  const keyId = `local:${pub.export({ type: 'spki', format: 'der' }).subarray(-8).toString('hex')}`;
  return { keyId, sign: async (message) => sign('sha256', message, key), publicKey: async () => pub };
}

/** The KMS client is loaded on first use, not at every cold start: most calls of these areas show no receipt. */
let kmsModule: Promise<typeof import('@aws-sdk/client-kms')> | undefined;
async function kms() {
  const sdk = await (kmsModule ??= import('@aws-sdk/client-kms'));
  return { sdk, client: traced(new sdk.KMSClient({ region: config.region })) };
}

function kmsSigner(keyId: string): ReceiptSigner {
  let pub: Promise<KeyObject> | undefined;
  return {
    keyId,
    async sign(message) {
      const { sdk, client } = await kms();
      const res = await client.send(
        new sdk.SignCommand({ KeyId: keyId, Message: message, MessageType: 'RAW', SigningAlgorithm: RECEIPT_ALGORITHM }),
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
  const pem = process.env.RECEIPT_SIGNING_KEY;
  if (keyId) signer = kmsSigner(keyId);
  else if (pem) signer = localSigner(pem);
  else throw new Error('No receipt key (set RECEIPT_KEY_ID, or RECEIPT_SIGNING_KEY locally)');
  return signer;
}

/** Whether `signature` is the key's over `message`. */
export async function signatureHolds(message: Buffer, signature: Buffer): Promise<boolean> {
  try {
    return verify('sha256', message, await receiptSigner().publicKey(), signature);
  } catch {
    return false;
  }
}
