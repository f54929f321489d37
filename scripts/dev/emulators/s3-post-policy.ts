/**
 * What S3 checks on a browser-based upload (a POST with a signed policy), which s3rver does not: the
 * SigV4 signature of the policy, its expiry, every condition (exact fields, `eq`, `starts-with`,
 * `content-length-range`) and that no form field goes unmentioned by a condition. The local S3 runs it on
 * every POST, so a test that overwrites another key, sends too much or changes the content type fails
 * locally exactly as it would in AWS.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface PostPolicyInput {
  /** The form's fields (not the file), as sent. */
  fields: Record<string, string>;
  bucket: string;
  fileSize: number;
  secretAccessKey: string;
  now?: Date;
}

export interface PolicyViolation {
  status: 400 | 403;
  code: 'AccessDenied' | 'EntityTooSmall' | 'EntityTooLarge' | 'InvalidPolicyDocument' | 'SignatureDoesNotMatch' | 'MalformedPOSTRequest';
  message: string;
}

type Condition = Record<string, string> | [string, string | number, string | number];

/** Fields S3 never expects a condition for. */
const EXEMPT = new Set(['policy', 'x-amz-signature', 'file']);

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

function signatureOf(policy: string, secret: string, credential: string): string | null {
  const [, date, region, service, terminal] = credential.split('/');
  if (!date || !region || !service || terminal !== 'aws4_request') return null;
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return hmac(key, policy).toString('hex');
}

const denied = (message: string): PolicyViolation => ({
  status: 403,
  code: 'AccessDenied',
  message: `Invalid according to Policy: ${message}`,
});

/**
 * The largest file the form's policy allows, read without checking the signature (checkPostPolicy does):
 * past it the body need not be kept, since the answer can only be a refusal.
 */
export function sizeLimitOf(rawFields: Record<string, string>): number {
  const b64 = Object.entries(rawFields).find(([k]) => k.toLowerCase() === 'policy')?.[1];
  try {
    const policy = JSON.parse(Buffer.from(b64 ?? '', 'base64').toString('utf8')) as { conditions?: Condition[] };
    const range = policy.conditions?.find((c): c is [string, number, number] => Array.isArray(c) && c[0] === 'content-length-range');
    return range && Number.isFinite(Number(range[2])) ? Number(range[2]) : Infinity;
  } catch {
    return Infinity;
  }
}

export function checkPostPolicy({
  fields: raw,
  bucket,
  fileSize,
  secretAccessKey,
  now = new Date(),
}: PostPolicyInput): PolicyViolation | null {
  // Field names are case-insensitive.
  const fields = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.toLowerCase(), v]));
  const policyB64 = fields.policy;
  if (!policyB64) return denied('Missing policy');
  const expected = signatureOf(policyB64, secretAccessKey, fields['x-amz-credential'] ?? '');
  const given = fields['x-amz-signature'] ?? '';
  if (
    fields['x-amz-algorithm'] !== 'AWS4-HMAC-SHA256' ||
    !expected ||
    expected.length !== given.length ||
    !timingSafeEqual(Buffer.from(expected), Buffer.from(given))
  ) {
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }

  let policy: { expiration?: string; conditions?: Condition[] };
  try {
    policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8'));
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  if (!policy.expiration || !(Date.parse(policy.expiration) > now.getTime())) return denied('Policy expired.');
  if (!Array.isArray(policy.conditions)) return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: no conditions.' };

  const value = (name: string) => (name === 'bucket' ? bucket : fields[name]);
  const covered = new Set<string>();
  for (const c of policy.conditions) {
    if (Array.isArray(c)) {
      const [op, a, b] = c;
      if (op === 'content-length-range') {
        if (fileSize < Number(a))
          return { status: 400, code: 'EntityTooSmall', message: 'Your proposed upload is smaller than the minimum allowed size' };
        if (fileSize > Number(b))
          return { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' };
        continue;
      }
      const name = String(a).replace(/^\$/, '').toLowerCase();
      covered.add(name);
      const actual = value(name) ?? '';
      if (op === 'eq' && actual !== String(b)) return denied(`Policy Condition failed: ["eq", "${a}", "${b}"]`);
      if (op === 'starts-with' && !actual.startsWith(String(b))) return denied(`Policy Condition failed: ["starts-with", "${a}", "${b}"]`);
      if (op !== 'eq' && op !== 'starts-with')
        return { status: 400, code: 'InvalidPolicyDocument', message: `Invalid Policy: unknown condition ${op}` };
    } else {
      for (const [k, v] of Object.entries(c)) {
        const name = k.toLowerCase();
        covered.add(name);
        if ((value(name) ?? '') !== v) return denied(`Policy Condition failed: ["eq", "$${k}", "${v}"]`);
      }
    }
  }
  for (const name of Object.keys(fields)) {
    if (EXEMPT.has(name) || name.startsWith('x-ignore-')) continue;
    if (!covered.has(name)) return denied(`Extra input fields: ${name}`);
  }
  return null;
}
