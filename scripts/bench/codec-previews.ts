/**
 * Section 10: the codec previews (functions/tracks/audio/codec-preview.ts), per profile: CPU time per minute of
 * audio of a whole preview (encode, decode, meter, overs), against the encoder and the decoder alone on the same
 * minute in the same run (the floor: what a preview cannot do without). The minute is a recording of section
 * 8's set (real music, from Debian's packages), looped to a minute. Min and median of alternating rounds.
 * Then each profile's agreement with ffmpeg's own encoder and decoder on the 21 excerpts of the codec set
 * (codec-references.json): the true peak within 0.2 dB, and the overs' runs placed within 10 ms.
 */
import { analyseAudioFile } from '../../functions/tracks/audio.js';
import { openCodec, previewCodec } from '../../functions/tracks/audio/codec-preview.js';
import { CODEC_PROFILES, type CodecProfile, type CodecProfileId } from '../../shared/codec-profiles.js';
import fs from 'node:fs';
import { codecSet, excerptAudio } from './codec-set.js';
import { Collect, recordings } from './findings.js';
import { KEPT_RUNS, REFERENCES, type References, type Runs } from './make-codec-references.js';
import { fmt } from './session.js';

const ROUNDS = 5;
/** As processing hands the decoded master on: blocks of this many frames. */
const BLOCK = 4096;

async function aMinute(): Promise<{ channels: Float32Array[]; rate: number }> {
  const sink = new Collect();
  await analyseAudioFile(recordings()[0], sink);
  const { channels, rate } = sink.audio();
  const frames = 60 * rate;
  return { rate, channels: channels.map((c) => Float32Array.from({ length: frames }, (_, i) => c[i % c.length])) };
}

function* blocks(channels: Float32Array[]) {
  for (let i = 0; i < channels[0].length; i += BLOCK) yield channels.map((c) => c.subarray(i, i + BLOCK));
}

/** The floor: the profile's encoder over the minute, and its decoder over what it writes, nothing else. */
async function encodeDecode(profile: CodecProfile, channels: Float32Array[], rate: number) {
  const codec = await openCodec(profile.id as CodecProfileId, rate, 2);
  for (const block of blocks(channels)) codec.decode(codec.encode(block));
  codec.decode(codec.finalize());
  codec.flush();
  codec.free();
}

const cpuSeconds = async (work: () => Promise<unknown>) => {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
};

export async function benchCodecPreviews() {
  console.log(
    '\n10. Codec previews: CPU seconds per minute of audio, a whole preview vs its encoder and decoder alone (min / median of 5)',
  );
  const { channels, rate } = await aMinute();
  for (const profile of CODEC_PROFILES) {
    if ('notPreviewed' in profile) {
      console.log(`  ${profile.label}: not previewed (${profile.notPreviewed})`);
      continue;
    }
    const whole: number[] = [];
    const floor: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating which goes first, so that neither always meets a warmer machine.
      const pair = [
        async () => whole.push(await cpuSeconds(() => previewCodec(profile.id, { rate, frames: channels[0].length }, blocks(channels)))),
        async () => floor.push(await cpuSeconds(() => encodeDecode(profile, channels, rate))),
      ];
      for (const run of round % 2 ? pair.reverse() : pair) await run();
    }
    const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
    const [w, f] = [sorted(whole), sorted(floor)];
    const mid = Math.floor(ROUNDS / 2);
    console.log(
      `  ${profile.label} (${profile.heardOn}): ${fmt(w[0], 2)} / ${fmt(w[mid], 2)} s vs ${fmt(f[0], 2)} / ${fmt(f[mid], 2)} s, ratio ${(w[0] / f[0]).toFixed(2)} / ${(w[mid] / f[mid]).toFixed(2)}`,
    );
  }
  await agreement();
}

/** Of `expected` runs (the first KEPT_RUNS), how many the preview places within 10 ms, and how many it has beside them. */
function placing(expected: Runs, got: { start: number }[]) {
  const near = (a: number, b: number) => Math.abs(a - b) <= 0.01;
  const first = expected.slice(0, KEPT_RUNS);
  const missed = first.filter(([start]) => !got.some((r) => near(r.start, start)));
  const last = first.at(-1)?.[0] ?? Infinity;
  const extra = got.filter((r) => r.start <= last && !first.some(([start]) => near(r.start, start))).length;
  return { runs: first.length, placed: first.length - missed.length, missed, extra };
}

/** Each profile's previews of the codec set against ffmpeg's (codec-references.json). */
async function agreement() {
  const references = JSON.parse(fs.readFileSync(REFERENCES, 'utf8')) as References;
  console.log(`  Against ffmpeg (${references.ffmpegVersion}) on the codec set's excerpts, brought to full scale:`);
  const set = await codecSet();
  for (const profile of CODEC_PROFILES) {
    if ('notPreviewed' in profile) continue;
    let worst = 0;
    let within = 0;
    let measured = 0;
    let runs = 0;
    let placed = 0;
    let extra = 0;
    let over = 0;
    let largestMissed = 0;
    // ffmpeg against itself, the input one step off: how far its own figures move.
    const itself = { within: 0, measured: 0, worst: 0, placed: 0 };
    // Opus: against libopus's portable C, the arithmetic of the preview's encoder.
    const portable = { runs: 0, placed: 0, extra: 0 };
    for (const { name, wav } of set) {
      const reference = references.files[name]?.[profile.id];
      if (!reference) continue;
      const { channels, rate } = await excerptAudio(wav);
      const p = await previewCodec(profile.id, { rate, frames: channels[0].length }, blocks(channels));
      if (reference.truePeakDbtp !== null && p.truePeakDbtp !== null) {
        const off = Math.abs(p.truePeakDbtp - reference.truePeakDbtp);
        worst = Math.max(worst, off);
        measured++;
        if (off <= 0.2) within++;
      }
      if (reference.truePeakDbtp !== null && reference.nudged.truePeakDbtp !== null) {
        const off = Math.abs(reference.nudged.truePeakDbtp - reference.truePeakDbtp);
        itself.worst = Math.max(itself.worst, off);
        itself.measured++;
        if (off <= 0.2) itself.within++;
      }
      if (reference.overSamples > 0) over++;
      itself.placed += placing(
        reference.runs,
        reference.nudged.runs.map(([start]) => ({ start })),
      ).placed;
      const against = placing(reference.runs, p.overRuns);
      runs += against.runs;
      placed += against.placed;
      extra += against.extra;
      for (const [, , peak] of against.missed) largestMissed = Math.max(largestMissed, peak);
      if (reference.portable) {
        const c = placing(reference.portable.runs, p.overRuns);
        portable.runs += c.runs;
        portable.placed += c.placed;
        portable.extra += c.extra;
      }
    }
    console.log(
      `  ${profile.label}: true peak within 0.2 dB of ffmpeg's on ${within} of ${measured} excerpts (its figure has one decimal; the worst ${worst.toFixed(2)} dB off); ` +
        `${placed} of ${runs} runs of overs placed within 10 ms (${over} excerpts go over${placed < runs ? `; the largest not placed ${largestMissed.toFixed(2)} dB over` : ''}), ${extra} runs ffmpeg's decode does not have`,
    );
    console.log(
      `    ffmpeg against itself, each sample of the excerpt one step off: true peak within 0.2 dB on ${itself.within} of ${itself.measured} (the worst ${itself.worst.toFixed(1)} dB off); ${itself.placed} of ${runs} runs placed`,
    );
    if (portable.runs)
      console.log(
        `    against libopus's portable C (Debian's, ffmpeg's, takes x86 SIMD kernels; the preview's WebAssembly is the portable C): ${portable.placed} of ${portable.runs} runs placed within 10 ms, ${portable.extra} runs it does not have`,
      );
  }
}
