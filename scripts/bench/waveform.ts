import { wavBytes } from '../../test/support/audio.js';
import { fmt, MB, type BenchSession } from './session.js';

/** Section 1 of `npm run bench`: the bytes the browser downloads to draw a waveform, for a 1-minute and a 10-minute track. */
export async function benchWaveformBytes({ stack, token, processed, uploadViaApp }: BenchSession) {
  console.log('\n1. Bytes downloaded to draw a waveform (the track list entry; no audio is fetched)');
  const sizes: Record<string, number> = {};
  for (const minutes of [1, 10]) {
    const track = await processed(
      (await uploadViaApp(wavBytes({ seconds: minutes * 60, sampleRate: 22050, envelope: 'ramp' }), `${minutes}min.wav`, true)).id,
    );
    const list = await fetch(`${stack.apiUrl}/tracks`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await list.json()) as { tracks: { id: string }[] };
    const entry = body.tracks.find((t) => t.id === track.id)!;
    sizes[minutes] = Buffer.byteLength(JSON.stringify(entry));
    console.log(`   ${String(minutes).padStart(2)}-minute track: ${sizes[minutes]} bytes (audio file: ${fmt(track.sizeBytes / MB)} MB)`);
  }
  console.log(`   ratio 10-min / 1-min: ${fmt(sizes[10] / sizes[1], 3)} (1.000 = does not grow with duration)`);
}
