/**
 * Section 10: the codec previews (functions/tracks/audio/codec-preview.ts), per profile: CPU time per minute of
 * audio of a whole preview (encode, decode, meter, overs), against the encoder and the decoder alone on the same
 * minute in the same run (the floor: what a preview cannot do without). The minute is a recording of section
 * 8's set (real music, from Debian's packages), looped to a minute. Min and median of alternating rounds.
 */
import { analyseAudioFile } from '../../functions/tracks/audio.js';
import { openCodec, previewCodec } from '../../functions/tracks/audio/codec-preview.js';
import { CODEC_PROFILES, type CodecProfile, type CodecProfileId } from '../../shared/codec-profiles.js';
import { Collect, recordings } from './findings.js';
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
}
