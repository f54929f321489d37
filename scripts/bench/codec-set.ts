/**
 * The codec previews' set: 21 recordings of music from Debian's packages (fillets-ng-data, frozen-bubble-data
 * and asc-music: GPL game music, fetched as section 8's are, never committed), a 20-second excerpt of each
 * brought up to full scale (a sample at 0 dBFS, none past it: a master as a limiter leaves it) and written as a
 * 16-bit WAV, so that the preview and ffmpeg's reference (make-codec-references.ts) encode the same samples.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyseAudioFile } from '../../functions/tracks/audio.js';
import { WavWriter } from '../../functions/tracks/audio/wav-writer.js';
import { Collect, recordings } from './findings.js';

const FILLETS = ['kufrik', 'menu', ...[1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 13, 14, 15].map((n) => `rybky${String(n).padStart(2, '0')}`)];
const FILES = [
  ...FILLETS.map((name) => `usr/share/games/fillets-ng/music/${name}.ogg`),
  ...['frozen-mainzik-1p', 'frozen-mainzik-2p', 'introzik'].map((name) => `usr/share/games/frozen-bubble/snd/${name}.ogg`),
  ...['frontiers', 'machine_wars', 'time_to_strike'].map((name) => `usr/share/games/asc/music/${name}.mp3`),
];
const PACKAGES = ['fillets-ng-data', 'frozen-bubble-data', 'asc-music'];
const SECONDS = 20;
// Named for how the excerpts are written (16-bit samples as s / 32768): excerpts an older writer left in the cache
// would be set against references made from these.
const DIR = path.join(os.tmpdir(), 'snip-codec-set-s32768');

/** The excerpts' WAVs, written the first time, by recording name. */
export async function codecSet(): Promise<{ name: string; wav: string }[]> {
  fs.mkdirSync(DIR, { recursive: true });
  const out: { name: string; wav: string }[] = [];
  for (const file of recordings(FILES, PACKAGES)) {
    const name = path.basename(file);
    const wav = path.join(DIR, `${name}.wav`);
    if (!fs.existsSync(wav)) {
      const sink = new Collect();
      await analyseAudioFile(file, sink);
      const { channels, rate } = sink.audio();
      const from = Math.floor(Math.min(channels[0].length / 4, Math.max(0, channels[0].length - SECONDS * rate)));
      const cut = channels.map((c) => c.slice(from, from + SECONDS * rate));
      const peak = Math.max(...cut.map((c) => c.reduce((m, v) => Math.max(m, Math.abs(v)), 0)));
      // To full scale, a hair under so that rounding to 16 bits never passes it.
      for (const c of cut) for (let i = 0; i < c.length; i++) c[i] *= 32767 / 32768 / (peak || 1);
      const writer = new WavWriter(wav);
      writer.write(cut, cut[0].length, rate);
      writer.close();
    }
    out.push({ name, wav });
  }
  return out;
}

/** An excerpt as the preview takes it: decoded from its WAV, as processing would. */
export async function excerptAudio(wav: string): Promise<{ channels: Float32Array[]; rate: number }> {
  const sink = new Collect();
  await analyseAudioFile(wav, sink);
  return sink.audio();
}
