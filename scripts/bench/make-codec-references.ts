/**
 * Rebuilds codec-references.json: each excerpt of the codec set (codec-set.ts) through ffmpeg's own encoders of
 * each previewed profile (libmp3lame, libvorbis, libopus: the encoders the preview runs as WebAssembly) and decoded by
 * ffmpeg, its true peak as ffmpeg's EBU R128 filter measures it and its overs past 0 dBFS, merged into runs the way
 * the preview merges them (Overs); and the same for the excerpt with each sample one step off (nudged), which
 * says how far ffmpeg's own figures move with the input. Needs ffmpeg (Debian's package); the bench only reads
 * the JSON.
 *
 *   npx tsx scripts/bench/make-codec-references.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Overs } from '../../functions/tracks/audio/codec-preview.js';
import { CODEC_PROFILES, VORBIS_QUALITY, type CodecProfile } from '../../shared/codec-profiles.js';
import { codecSet, excerptAudio } from './codec-set.js';
import { writtenWavShape } from '../../functions/tracks/audio.js';

export const REFERENCES = fileURLToPath(new URL('codec-references.json', import.meta.url));

export type Runs = [number, number, number][];
/** Each excerpt's figures for a profile. */
export interface Reference {
  truePeakDbtp: number | null;
  overSamples: number;
  runs: Runs;
  /** ffmpeg's own figures for the excerpt with each sample one step off. */
  nudged: { truePeakDbtp: number | null; runs: Runs };
  /** Opus: the runs libopus's portable C makes (make-opus-portable-references.ts). */
  portable?: { runs: Runs };
}
export interface References {
  commands: Record<string, string>;
  ffmpegVersion: string;
  files: Record<string, Record<string, Reference>>;
}
/** The runs kept per excerpt and profile, the first in time. */
export const KEPT_RUNS = 40;

/** ffmpeg's arguments to encode with a profile's encoder, at its setting. */
const encoding = (p: CodecProfile) =>
  p.format === 'mp3'
    ? ['-c:a', 'libmp3lame', '-b:a', `${p.kbps}k`]
    : p.format === 'opus'
      ? ['-c:a', 'libopus', '-b:a', `${p.kbps}k`]
      : ['-c:a', 'libvorbis', '-q:a', String(VORBIS_QUALITY[p.kbps])];
/** The file each format is written to. */
const EXTENSION: Record<string, string> = { mp3: 'mp3', opus: 'opus', vorbis: 'ogg' };

export const ffmpeg = (args: string[]) =>
  execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-y', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });

/** ffmpeg's EBU R128 true peak of `file` (dBTP): the filter's summary, which ffmpeg writes to stderr. */
function summaryPeak(file: string): number | null {
  const text = execFileSync('sh', ['-c', `ffmpeg -hide_banner -nostdin -i '${file}' -af ebur128=peak=true -f null - 2>&1`], {
    encoding: 'utf8',
  });
  const m = /True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(text);
  return m && m[1] !== '-inf' ? Number(m[1]) : null;
}

/** `wav` through `profile`'s encoder and ffmpeg's decoder: its true peak, and its overs merged into runs. */
function measured(wav: string, profile: CodecProfile, rate: number, frames: number, tmp: string) {
  const encoded = path.join(tmp, `x.${EXTENSION[profile.format]}`);
  ffmpeg(['-i', wav, ...encoding(profile), encoded]);
  return { truePeakDbtp: summaryPeak(encoded), ...decodedOvers(encoded, profile, rate, frames, tmp) };
}

/**
 * `encoded` (a profile's file of an excerpt at `rate`, `frames` long) decoded by ffmpeg: its samples over
 * 0 dBFS, and their runs (the first KEPT_RUNS) as the preview merges them (Overs).
 */
export function decodedOvers(encoded: string, profile: CodecProfile, rate: number, frames: number, tmp: string) {
  // Opus is decoded at its own 48 kHz (as the preview measures it), the others at the excerpt's rate.
  const decodeRate = profile.format === 'opus' ? 48_000 : rate;
  const raw = path.join(tmp, 'x.f32');
  ffmpeg(['-i', encoded, '-f', 'f32le', '-acodec', 'pcm_f32le', '-ac', '2', '-ar', String(decodeRate), raw]);
  const bytes = fs.readFileSync(raw);
  const interleaved = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const n = Math.min(interleaved.length / 2, Math.round((frames * decodeRate) / rate));
  const planar = [0, 1].map((c) => Float32Array.from({ length: n }, (_, i) => interleaved[2 * i + c]));
  const overs = new Overs(decodeRate);
  overs.push(planar, n, 0);
  const { overRuns } = overs.result();
  return {
    overSamples: overs.samples,
    runs: overRuns
      .slice(0, KEPT_RUNS)
      .map((r): Runs[number] => [Math.round(r.start * 1e4) / 1e4, Math.round(r.end * 1e4) / 1e4, r.peakDbfs]),
  };
}

/**
 * A copy of a 16-bit WAV (as codec-set.ts writes them) with each sample moved one step up or down (a fixed
 * sequence): what ffmpeg's own figures do when the input moves that little is how far any encoder built
 * apart can be expected to agree with them.
 */
function nudged(wav: string, out: string) {
  const bytes = Buffer.from(fs.readFileSync(wav));
  const { dataOffset } = writtenWavShape(wav);
  let a = 1;
  for (let p = dataOffset; p + 1 < bytes.length; p += 2) {
    a = (Math.imul(a, 1103515245) + 12345) | 0;
    const s = bytes.readInt16LE(p) + (a & 0x10000 ? 1 : -1);
    bytes.writeInt16LE(Math.max(-32768, Math.min(32767, s)), p);
  }
  fs.writeFileSync(out, bytes);
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codec-ref-'));
  const earlier = fs.existsSync(REFERENCES) ? (JSON.parse(fs.readFileSync(REFERENCES, 'utf8')) as References) : null;
  const files: Record<string, Record<string, unknown>> = {};
  for (const { name, wav } of await codecSet()) {
    const { rate, channels } = await excerptAudio(wav);
    const moved = path.join(tmp, 'nudged.wav');
    nudged(wav, moved);
    files[name] = {};
    for (const profile of CODEC_PROFILES) {
      if ('notPreviewed' in profile) continue;
      const frames = channels[0].length;
      const own = measured(wav, profile, rate, frames, tmp);
      const again = measured(moved, profile, rate, frames, tmp);
      // libopus's portable C figures (make-opus-portable-references.ts) are kept: they are not ffmpeg's.
      const portable = earlier?.files[name]?.[profile.id]?.portable;
      files[name][profile.id] = {
        ...own,
        nudged: { truePeakDbtp: again.truePeakDbtp, runs: again.runs },
        ...(portable ? { portable } : {}),
      };
      console.log(name, profile.id, JSON.stringify(files[name][profile.id]).slice(0, 120));
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  const version = execFileSync('ffmpeg', ['-version'], { encoding: 'utf8' }).split('\n')[0];
  const reference = {
    commands: {
      encode:
        'ffmpeg -i EXCERPT.wav -c:a libmp3lame -b:a 320k|128k OUT.mp3, -c:a libvorbis -q:a 9|5|2 OUT.ogg, or -c:a libopus -b:a 160k OUT.opus',
      decode:
        "ffmpeg -i OUT -f f32le -acodec pcm_f32le -ac 2 -ar RATE OUT.f32 (RATE: the excerpt's, 48000 for Opus; overs: samples past 1.0, runs as Overs merges them)",
      truePeak: "ffmpeg -i OUT -af ebur128=peak=true -f null - (the summary's True peak)",
      nudged: 'the same for the excerpt with each sample moved one step up or down (nudged)',
      ...(earlier?.commands.portable ? { portable: earlier.commands.portable } : {}),
    },
    ffmpegVersion: version,
    files,
  };
  fs.writeFileSync(REFERENCES, `${JSON.stringify(reference, null, 1)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
