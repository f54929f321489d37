import { mp3Bytes } from '../../test/support/audio.js';
import { onboard, registerUpload } from '../../test/support/flows.js';
import type { StackInfo } from '../../test/support/global-setup.js';
import { createConfirmedUser } from '../../test/support/users.js';
import { callRoute, fmt, percentile, send } from './session.js';

/**
 * Section 2d of `npm run bench`: a 5-minute MP3 attached as a reference track to a request on a 5-minute MP3,
 * from the end of its upload to its comparison with the mix listed (processing, the mix's bands measured by the
 * first, the list read every 50 ms), 10 runs; each is removed after, a request taking 3 at most.
 */
export async function benchReferences(info: StackInfo) {
  console.log('\n2d. Reference tracks: from the upload to the comparison with the mix');
  const musician = await createConfirmedUser(info, { prefix: 'bench-refs-m' });
  const reviewer = await createConfirmedUser(info, { prefix: 'bench-refs-p' });
  await onboard(info, musician, 'musician');
  const reviewerId = await onboard(info, reviewer, 'pro');
  const mix = await registerUpload(info, musician, mp3Bytes({ seconds: 300, channels: 2, kbps: 192 }), 'Mix.mp3', 'Mix', 'audio/mpeg');
  const options = { feedbackNotes: 'Against my references?', context: 'mix_check' };
  const share = await callRoute(
    info.apiUrl,
    'createShare',
    { sharedWithId: reviewerId, trackId: mix.id, shareOptions: options },
    musician.idToken,
  );
  if (share.status !== 200) throw new Error(`createShare answered ${share.status}`);
  const reference = mp3Bytes({ seconds: 300, channels: 2, kbps: 192, frequency: 110 });
  const seconds: number[] = [];
  for (let i = 0; i < 10; i++) {
    const asked = { id: share.body.id, filename: `Reference ${i}.mp3`, contentType: 'audio/mpeg', size: reference.length };
    const ticket = await callRoute(info.apiUrl, 'createReference', asked, musician.idToken);
    if (ticket.status !== 200) throw new Error(`createReference answered ${ticket.status}`);
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.body.upload.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(reference)], { type: 'audio/mpeg' }), asked.filename);
    if ((await send(ticket.body.upload.url, { method: 'POST', body: form })).status >= 300) throw new Error('reference upload failed');
    const start = performance.now();
    for (const until = Date.now() + 5 * 60_000; ; await new Promise((r) => setTimeout(r, 50))) {
      if (Date.now() > until) throw new Error('the reference was not compared within 5 minutes');
      const list = await callRoute(info.apiUrl, 'listReferences', { id: share.body.id }, musician.idToken);
      const found = list.body.references.find((r: { id: string }) => r.id === ticket.body.reference.id);
      if (found?.status === 'failed') throw new Error(`the reference failed: ${found.failureReason}`);
      if (found?.comparison?.length) break;
    }
    seconds.push((performance.now() - start) / 1000);
    await callRoute(info.apiUrl, 'deleteReference', { id: share.body.id, referenceId: ticket.body.reference.id }, musician.idToken);
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  console.log(
    `   a 5-minute MP3 reference (192 kbps stereo) on a request about a 5-minute MP3, upload's end to its comparison listed, 10 runs:  first ${fmt(seconds[0], 2)} s (the mix's bands measured too), p50 ${fmt(percentile(sorted, 50), 2)} s  p99 ${fmt(percentile(sorted, 99), 2)} s  (goal: within 5 s)`,
  );
}
