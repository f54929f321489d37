/**
 * Processing's runs shared fairly between accounts: an account's uploads are processed PROCESSING_QUEUE.
 * perUser at a time, however many it sent at once. A run takes a place before it decodes; an upload whose
 * account holds all of its places goes back on the queue for a while (putBack), so that the queue's other
 * runs serve other accounts meanwhile instead of waiting behind one account's burst. A place left by a run
 * that died is free again after the function's timeout.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { PROCESSING_QUEUE } from '../../shared/constants.js';
import * as slots from './data/processing-slots.js';
import { sqs } from '../lib/aws/sqs.js';
import { config } from '../lib/config.js';
import { log } from '../lib/observability.js';

/** Tries of a claim that lost a race to another run of the same account before it is put back instead. */
const CLAIM_TRIES = 4;

/** Takes a place for `runKey` among `userId`'s runs (kept if it holds one already): false when all are taken. */
export async function claimSlot(userId: string, runKey: string, nowMs = Date.now()): Promise<boolean> {
  for (let attempt = 0; attempt < CLAIM_TRIES; attempt++) {
    const read = await slots.getSlots(userId);
    const runs = Object.entries(read?.runs ?? {}).filter(([k]) => k !== runKey);
    const stale = runs.filter(([, at]) => at <= nowMs - PROCESSING_QUEUE.slotSeconds * 1000).map(([k]) => k);
    if (runs.length - stale.length >= PROCESSING_QUEUE.perUser) return false;
    if (await slots.putRun(userId, read, runKey, nowMs, stale)) return true;
  }
  return false;
}

/** Gives the place back. One not given back (this call failing) is free again after the function's timeout. */
export const releaseSlot = (userId: string, runKey: string) =>
  slots.removeRun(userId, runKey).catch((err: unknown) => log.warn('Processing place not given back', { error: String(err) }));

/** Puts a message back on the uploads queue, to be received again in PROCESSING_QUEUE.deferSeconds. */
export async function putBack(body: string): Promise<void> {
  await sqs().send(
    new SendMessageCommand({ QueueUrl: config.uploadsQueueUrl, MessageBody: body, DelaySeconds: PROCESSING_QUEUE.deferSeconds }),
  );
}
