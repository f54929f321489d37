/**
 * A local stand-in for an SQS standard queue with a redrive policy, as far as the product relies on one:
 * a received message is hidden for a visibility timeout and comes back if it is not deleted by then; each
 * receive is counted, and a message received `maxReceiveCount` times that comes back once more goes to the
 * dead-letter queue instead of being delivered. In memory: the local stack starts from S3's events again.
 */
import { createHash, randomUUID } from 'node:crypto';

export interface QueueMessage {
  messageId: string;
  /** Changes at every receive; deleting or hiding again needs the current one, as in SQS. */
  receiptHandle: string;
  body: string;
  receiveCount: number;
  sentAt: number;
  firstReceivedAt?: number;
}

export interface LocalQueueOptions {
  /** How long a received message stays hidden unless deleted (the queue's VisibilityTimeout). */
  visibilityTimeoutMs: number;
  /** Receives before the dead-letter queue (the redrive policy's maxReceiveCount). */
  maxReceiveCount: number;
  /** Told of each message moved to the dead-letter queue. */
  onDeadLetter?: (m: QueueMessage) => void;
}

export class LocalQueue {
  private messages: (QueueMessage & { visibleAt: number })[] = [];
  private listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  readonly deadLetters: QueueMessage[] = [];

  constructor(private readonly opts: LocalQueueOptions) {}

  /** SendMessage: visible after `delayMs` (its DelaySeconds), at once by default. */
  send(body: string, now = Date.now(), delayMs = 0): string {
    const messageId = randomUUID();
    this.messages.push({ messageId, receiptHandle: '', body, receiveCount: 0, sentAt: now, visibleAt: now + delayMs });
    if (delayMs > 0) this.schedule(now);
    else this.wake();
    return messageId;
  }

  /** The oldest visible message, now hidden for the visibility timeout; undefined when none is visible. */
  receive(now = Date.now()): QueueMessage | undefined {
    for (;;) {
      const i = this.messages.findIndex((m) => m.visibleAt <= now);
      if (i < 0) {
        this.schedule(now);
        return undefined;
      }
      const m = this.messages[i];
      if (m.receiveCount >= this.opts.maxReceiveCount) {
        this.messages.splice(i, 1);
        const { visibleAt: _, ...dead } = m;
        this.deadLetters.push(dead);
        this.opts.onDeadLetter?.(dead);
        continue;
      }
      m.receiveCount++;
      m.firstReceivedAt ??= now;
      m.receiptHandle = randomUUID();
      m.visibleAt = now + this.opts.visibilityTimeoutMs;
      this.schedule(now);
      const { visibleAt: _, ...received } = m;
      return received;
    }
  }

  /** Done with: gone for good. A stale receipt (the message came back and was received again) deletes nothing. */
  delete(receiptHandle: string): boolean {
    const i = this.messages.findIndex((m) => m.receiptHandle === receiptHandle);
    if (i >= 0) this.messages.splice(i, 1);
    return i >= 0;
  }

  /** ChangeMessageVisibility: visible again after `ms` (0: at once). */
  changeVisibility(receiptHandle: string, ms: number, now = Date.now()): void {
    const m = this.messages.find((x) => x.receiptHandle === receiptHandle);
    if (!m) return;
    m.visibleAt = now + ms;
    this.schedule(now);
    if (ms <= 0) this.wake();
  }

  /** Messages waiting or in flight (ApproximateNumberOfMessages + NotVisible). */
  get size(): number {
    return this.messages.length;
  }

  /** Calls `listener` whenever a message may have become visible. */
  onVisible(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    clearTimeout(this.timer);
    this.listeners.clear();
    this.messages = [];
  }

  private wake() {
    for (const l of this.listeners) l();
  }

  /** One timer, for the next hidden message to come back. */
  private schedule(now: number) {
    clearTimeout(this.timer);
    const next = Math.min(...this.messages.filter((m) => m.visibleAt > now).map((m) => m.visibleAt));
    if (!Number.isFinite(next)) return;
    this.timer = setTimeout(() => this.wake(), next - now);
    this.timer.unref();
  }
}

/** The message as Lambda's SQS event source hands it to a function (one record per message). */
export function sqsRecordOf(m: QueueMessage, queueName: string, region = 'us-east-1') {
  return {
    messageId: m.messageId,
    receiptHandle: m.receiptHandle,
    body: m.body,
    attributes: {
      ApproximateReceiveCount: String(m.receiveCount),
      SentTimestamp: String(m.sentAt),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? m.sentAt),
    },
    messageAttributes: {},
    md5OfBody: createHash('md5').update(m.body).digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:${region}:000000000000:${queueName}`,
    awsRegion: region,
  };
}
