/** The local S3 as tests reach it: a client of the stack's emulator, and whether an object is there. */
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { StackInfo } from './global-setup.js';

const clients = new Map<string, S3Client>();

/** A client of the stack's local S3 (one per stack). */
export function localS3(stack: Pick<StackInfo, 's3Endpoint'>): S3Client {
  let client = clients.get(stack.s3Endpoint);
  if (!client) {
    client = new S3Client({
      region: 'us-east-1',
      endpoint: stack.s3Endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    clients.set(stack.s3Endpoint, client);
  }
  return client;
}

/** Whether `key` is in `bucket` (a HEAD that answers). */
export async function objectExists(stack: Pick<StackInfo, 's3Endpoint'>, bucket: string, key: string): Promise<boolean> {
  try {
    await localS3(stack).send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}
