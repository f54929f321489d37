/**
 * What EventBridge's schedules do in AWS, locally: runs each scheduled job's handler every few seconds,
 * one run of each at a time, until the stack stops. The jobs: comment digests (functions/jobs/comment-digest.ts)
 * and payment checks (functions/jobs/payment-checks.ts).
 */
type Job = () => Promise<unknown>;

const JOBS: Record<string, () => Promise<Job>> = {
  'comment-digest': () => import('../../../functions/jobs/comment-digest.js').then((m) => m.handler as Job),
  'payment-checks': () => import('../../../functions/jobs/payment-checks.js').then((m) => m.handler as Job),
};

export function startScheduler(intervalMs = 2000): { stop(): Promise<void> } {
  let running = true;
  const timers = new Set<NodeJS.Timeout>();
  const current = new Set<Promise<void>>();

  const schedule = (name: string, load: () => Promise<Job>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = (async () => {
        try {
          await (
            await load()
          )();
        } catch (err) {
          if (running) console.error(`[scheduler] ${name}:`, (err as Error).message);
        }
      })();
      current.add(run);
      void run.finally(() => {
        current.delete(run);
        if (running) schedule(name, load);
      });
    }, intervalMs);
    timers.add(timer);
  };
  for (const [name, load] of Object.entries(JOBS)) schedule(name, load);

  return {
    async stop() {
      running = false;
      for (const t of timers) clearTimeout(t);
      await Promise.all(current);
    },
  };
}
