/** How the stand-in signs a webhook delivery (HMAC over PayPal's signed string with its CRC-32) and finds an event's own bytes. */
import { createHmac, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { now } from './store.js';

/** Where PayPal's sandbox serves the certificate its deliveries name (the local one is never fetched). */
export const WEBHOOK_CERT_URL = 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-local';
export const AUTH_ALGO = 'SHA256withRSA';

export interface SignedTransmission {
  transmissionId: string;
  transmissionTime: string;
  webhookId: string;
  /** The stand-in's signing key: the client secret. */
  clientSecret: string;
}

/** The `paypal-transmission-sig` of a delivery whose body is `body` (its bytes, text as UTF-8). */
export function webhookSignature(body: Buffer | string, t: SignedTransmission): string {
  return createHmac('sha256', t.clientSecret)
    .update(`${t.transmissionId}|${t.transmissionTime}|${t.webhookId}|${crc32(body)}`)
    .digest('base64');
}

/** PayPal's signature scheme for one delivery of `body`: a fresh transmission id and time, and the signature over them. */
export const paypalSignature =
  (webhookId: string, clientSecret: string) =>
  (body: string): Record<string, string> => {
    const transmissionId = randomUUID();
    const transmissionTime = now();
    return {
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': webhookSignature(body, { transmissionId, transmissionTime, webhookId, clientSecret }),
    };
  };

const [SPACE, TAB, LF, CR, QUOTE, COMMA, BACKSLASH, LBRACE, RBRACE, LBRACKET, RBRACKET] = [...' \t\n\r",\\{}[]'].map((c) =>
  c.charCodeAt(0),
);
const WHITESPACE = [SPACE, TAB, LF, CR];

/**
 * The bytes of a member's value in the text of a JSON object (known to be valid: parsed before), exactly as
 * they are there; the last one of that name, as JSON.parse keeps. UTF-8 never puts these ASCII delimiters
 * inside a multi-byte character, so the bytes can be walked as they are.
 */
export function rawMember(json: Buffer, name: string): Buffer | undefined {
  let i = 0;
  const skipSpace = () => {
    while (WHITESPACE.includes(json[i])) i++;
  };
  const skipString = () => {
    for (i++; json[i] !== QUOTE; i++) if (json[i] === BACKSLASH) i++;
    i++;
  };
  const skipValue = () => {
    if (json[i] === QUOTE) return skipString();
    if (json[i] !== LBRACE && json[i] !== LBRACKET) {
      // A number, true, false or null: up to the next delimiter.
      while (i < json.length && ![COMMA, RBRACE, RBRACKET, ...WHITESPACE].includes(json[i])) i++;
      return;
    }
    let depth = 0;
    do {
      if (json[i] === QUOTE) {
        skipString();
        continue;
      }
      if (json[i] === LBRACE || json[i] === LBRACKET) depth++;
      else if (json[i] === RBRACE || json[i] === RBRACKET) depth--;
      i++;
    } while (depth > 0);
  };
  let found: Buffer | undefined;
  skipSpace();
  if (json[i] !== LBRACE) return undefined;
  i++;
  for (skipSpace(); json[i] === QUOTE; skipSpace()) {
    const keyStart = i;
    skipString();
    const key = JSON.parse(json.subarray(keyStart, i).toString('utf8')) as string;
    skipSpace();
    i++; // the colon
    skipSpace();
    const start = i;
    skipValue();
    if (key === name) found = json.subarray(start, i);
    skipSpace();
    if (json[i] === COMMA) i++;
  }
  return found;
}
