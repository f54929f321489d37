/**
 * What EventBridge's schedule does in AWS, locally: runs the scheduled job's handler
 * (functions/jobs/comment-digest.ts) every few seconds, one run at a time, until the stack stops.
 */
type Job = () => Promise<unknown>;

const commentDigest = () => import('../../functions/jobs/comment-digest.js').then((m) => m.handler as Job);

export function startScheduler(intervalMs = 2000): { stop(): Promise<void> } {
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const run = async () => {
    try {
      await (await commentDigest())();
    } catch (err) {
      if (running) console.error('[scheduler]', (err as Error).message);
    }
    if (running) timer = setTimeout(() => (current = run()), intervalMs);
  };
  timer = setTimeout(() => (current = run()), intervalMs);

  return {
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
  };
}
