/** The local uploads queue keeps SQS's contract: hidden while received, back unless deleted, dead-lettered after its receives. */
import { describe, expect, it } from 'vitest';
import { LocalQueue } from '../../../scripts/dev/emulators/queue.js';

const queue = (dead: string[] = []) =>
  new LocalQueue({ visibilityTimeoutMs: 1000, maxReceiveCount: 3, onDeadLetter: (m) => dead.push(m.body) });

describe('the local queue', () => {
  it('hides a received message for the visibility timeout, and a deleted one is gone', () => {
    const q = queue();
    q.send('a', 0);
    const m = q.receive(0)!;
    expect(m).toMatchObject({ body: 'a', receiveCount: 1 });
    expect(q.receive(999)).toBeUndefined();
    const again = q.receive(1000)!;
    expect(again.receiveCount).toBe(2);
    expect(q.delete(m.receiptHandle)).toBe(false); // a stale receipt
    expect(q.delete(again.receiptHandle)).toBe(true);
    expect(q.receive(5000)).toBeUndefined();
    q.close();
  });

  it('moves a message to the dead-letter queue when it comes back after its last receive', () => {
    const dead: string[] = [];
    const q = queue(dead);
    q.send('poison', 0);
    for (let i = 1; i <= 3; i++) {
      const m = q.receive(i * 10)!;
      expect(m.receiveCount).toBe(i);
      q.changeVisibility(m.receiptHandle, 0, i * 10);
    }
    expect(q.receive(100)).toBeUndefined();
    expect(dead).toEqual(['poison']);
    expect(q.deadLetters).toHaveLength(1);
    expect(q.size).toBe(0);
    q.close();
  });

  it('hands out messages oldest first', () => {
    const q = queue();
    q.send('1', 0);
    q.send('2', 1);
    expect([q.receive(2)?.body, q.receive(2)?.body, q.receive(2)]).toEqual(['1', '2', undefined]);
    q.close();
  });
});
