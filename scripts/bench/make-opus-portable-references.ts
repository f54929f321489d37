/**
 * Adds to codec-references.json, for each Opus profile, the runs of overs that libopus's portable C makes: the
 * excerpt resampled by ffmpeg to the rate libopus takes, encoded by ./opus-portable/encode.c (ffmpeg's libopus
 * settings) linked against libopus built from its source without its x86 intrinsics, written as Ogg Opus and
 * decoded by ffmpeg as the references are. Debian's libopus (ffmpeg's) picks SSE4.1 and AVX kernels at run time,
 * whose float arithmetic differs from the portable C's in the last bits, and so in which 0.01 to 0.2 dB overs an
 * encode makes; the preview's encoder is libopus's portable C compiled to WebAssembly. Linked against libopus
 * built with its x86 kernels, the same program gives ffmpeg's own runs. The bench places the preview's runs
 * against both.
 *
 *   LIBOPUS=path/to/opus-1.3.1 npx tsx scripts/bench/make-opus-portable-references.ts
 *
 * where LIBOPUS is libopus's source (1.3.1, Debian's version), built there with
 * `./configure --disable-intrinsics --disable-rtcd --disable-shared && make`. Needs gcc and ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPUS_DELAY, opusInputRate } from '../../functions/tracks/audio/opus-codec.js';
import { OggOpusWriter } from '../../functions/tracks/audio/ogg-opus-writer.js';
import { CODEC_PROFILES } from '../../shared/codec-profiles.js';
import { codecSet, excerptAudio } from './codec-set.js';
import { decodedOvers, ffmpeg, REFERENCES, type References } from './make-codec-references.js';

const ENCODE_C = fileURLToPath(new URL('opus-portable/encode.c', import.meta.url));

/** The packets ./opus-portable/encode.c wrote, each after its length. */
function packetsOf(file: string): Uint8Array[] {
  const bytes = fs.readFileSync(file);
  const out: Uint8Array[] = [];
  for (let at = 0; at + 4 <= bytes.length;) {
    const length = bytes.readUInt32LE(at);
    out.push(bytes.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return out;
}

async function main() {
  const source = process.env.LIBOPUS;
  if (!source || !fs.existsSync(path.join(source, '.libs', 'libopus.a')))
    throw new Error('LIBOPUS: a libopus source built as the comment above says');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'opus-portable-'));
  const encoder = path.join(tmp, 'encode');
  execFileSync('gcc', ['-O2', '-I', path.join(source, 'include'), ENCODE_C, path.join(source, '.libs', 'libopus.a'), '-lm', '-o', encoder]);
  const references = JSON.parse(fs.readFileSync(REFERENCES, 'utf8')) as References;
  for (const { name, wav } of await codecSet()) {
    const { rate, channels } = await excerptAudio(wav);
    const input = opusInputRate(rate);
    const pcm = path.join(tmp, 'x.s16');
    ffmpeg(['-i', wav, '-ar', String(input), '-f', 's16le', '-acodec', 'pcm_s16le', pcm]);
    for (const profile of CODEC_PROFILES) {
      if (profile.format !== 'opus' || 'notPreviewed' in profile || !references.files[name]?.[profile.id]) continue;
      const packets = path.join(tmp, 'x.packets');
      execFileSync(encoder, [pcm, packets, String(profile.kbps), String(input)]);
      const pages: Uint8Array[] = [];
      const ogg = new OggOpusWriter((page) => pages.push(page), { channels: 2, inputRate: rate, preSkip: OPUS_DELAY });
      for (const packet of packetsOf(packets)) ogg.packet(packet, 960);
      const frames = channels[0].length;
      ogg.end(Math.round((frames * 48_000) / rate), OPUS_DELAY);
      const encoded = path.join(tmp, 'x.opus');
      fs.writeFileSync(encoded, Buffer.concat(pages));
      const { runs } = decodedOvers(encoded, profile, rate, frames, tmp);
      references.files[name][profile.id].portable = { runs };
      console.log(name, profile.id, JSON.stringify(runs).slice(0, 120));
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  references.commands.portable =
    "libopus 1.3.1 built with ./configure --disable-intrinsics --disable-rtcd, fed ffmpeg's resampling (ffmpeg -i EXCERPT.wav -ar OPUS_RATE -f s16le) through scripts/bench/opus-portable/encode.c, written as Ogg Opus, decoded as above";
  fs.writeFileSync(REFERENCES, `${JSON.stringify(references, null, 1)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
