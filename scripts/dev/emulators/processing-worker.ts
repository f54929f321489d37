/**
 * A local stand-in for one warm container of the processing function: it runs the real handler for each
 * event its parent sends (an SQS event of one uploads-queue message) and answers with the outcome. It lives
 * in its own process, as a Lambda does, so a decoder that crashes or hangs takes down only this worker,
 * which the parent replaces.
 */
import type { SQSEvent } from 'aws-lambda';
import { handler } from '../../../functions/jobs/process-audio.js';

interface Job {
  id: number;
  event: SQSEvent;
}

process.on('message', (job: Job) => {
  handler(job.event).then(
    () => process.send?.({ id: job.id, ok: true }),
    (err: Error) => process.send?.({ id: job.id, ok: false, error: err?.stack ?? String(err) }),
  );
});
// The parent is gone (stopped or crashed): so is this worker, never left behind.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
