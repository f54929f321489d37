/**
 * A burst of uploads and the API's latency while it is processed: shared by the API test
 * (test/api/upload-load.test.ts) and the bench (scripts/bench/upload-burst.ts).
 */
import { spawnSync } from 'node:child_process';
import type { StackInfo } from './global-setup.js';
import { callRoute } from './api.js';
import { wavBytes } from './audio.js';
import { uploadFile } from './flows.js';
import type { TestUser } from './users.js';

export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** GET /tracks from a few clients at once until `until` settles: each call's milliseconds and the statuses seen. */
export async function sampleLatency(stack: StackInfo, user: TestUser, until: Promise<unknown>, clients = 4) {
  let done = false;
  void until.then(
    () => (done = true),
    () => (done = true),
  );
  const latencies: number[] = [];
  const statuses = new Set<number>();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!done) {
        const start = performance.now();
        const res = await callRoute(stack.apiUrl, 'listTracks', {}, user.idToken);
        latencies.push(performance.now() - start);
        statuses.add(res.status);
        await new Promise((r) => setTimeout(r, 20));
      }
    }),
  );
  return { latencies, statuses: [...statuses] };
}

/**
 * `each` uploads from every user, of `seconds` to `seconds` + 4 s each: all files are sent first, then all
 * registered at once, so the processing queue gets the whole burst together. Gives each user's new track ids.
 */
export async function uploadBurst(stack: StackInfo, users: TestUser[], each: number, seconds = 20): Promise<Map<TestUser, string[]>> {
  const audio = (i: number) => wavBytes({ seconds: seconds + (i % 5), sampleRate: 22_050, envelope: 'ramp' });
  const uploads = await Promise.all(
    users.flatMap((user, u) =>
      Array.from({ length: each }, async (_, i) => {
        const up = await uploadFile(stack, user, audio(i), `burst-${u}-${i}.wav`);
        if (up.s3Status >= 300) throw new Error(`upload answered ${up.s3Status}: ${up.s3Body}`);
        return { user, key: up.key, title: `Burst ${u}-${i}` };
      }),
    ),
  );
  const byUser = new Map<TestUser, string[]>(users.map((u) => [u, []]));
  await Promise.all(
    uploads.map(async ({ user, key, title }) => {
      const res = await callRoute(stack.apiUrl, 'createTrack', { key, title }, user.idToken);
      if (res.status !== 200) throw new Error(`createTrack answered ${res.status}: ${JSON.stringify(res.body)}`);
      byUser.get(user)!.push(res.body.id);
    }),
  );
  return byUser;
}

/** Every track of the burst once processing has finished with it: one look at each user's list a second, as an open tab would. */
export async function allProcessed(stack: StackInfo, byUser: Map<TestUser, string[]>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  const done: { id: string; status: string }[] = [];
  await Promise.all(
    [...byUser].map(async ([user, ids]) => {
      for (;;) {
        const list = await callRoute(stack.apiUrl, 'listTracks', {}, user.idToken);
        const mine = (list.body.tracks as { id: string; status: string }[]).filter((t) => ids.includes(t.id));
        if (mine.length === ids.length && mine.every((t) => t.status !== 'processing')) return void done.push(...mine);
        if (Date.now() > until)
          throw new Error(
            `${ids.length - mine.filter((t) => t.status !== 'processing').length} tracks still processing after ${timeoutMs} ms`,
          );
        await new Promise((r) => setTimeout(r, 1000));
      }
    }),
  );
  return done;
}

/**
 * The local processing workers alive (one per run at most, kept warm between runs). Another file's pgrep
 * for them carries the same words in its own command line while it runs, so pgreps are left out: counted,
 * one made a burst of 5 workers read as 6.
 */
export function processingWorkerPids(stack: Pick<StackInfo, 's3Endpoint'>): number[] {
  const out = spawnSync('pgrep', ['-a', '-f', `processing-worker=s3-${new URL(stack.s3Endpoint).port}`], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .map((line) => line.split(' '))
    .filter(([pid, command]) => pid && !/(^|\/)pgrep$/.test(command))
    .map(([pid]) => Number(pid));
}

export const processingWorkers = (stack: Pick<StackInfo, 's3Endpoint'>) => processingWorkerPids(stack).length;

/** The most workers alive at once, sampled every 100 ms until `until` settles. */
export async function mostWorkers(stack: Pick<StackInfo, 's3Endpoint'>, until: Promise<unknown>): Promise<number> {
  let most = 0;
  const timer = setInterval(() => (most = Math.max(most, processingWorkers(stack))), 100);
  await until.catch(() => {});
  clearInterval(timer);
  return most;
}
