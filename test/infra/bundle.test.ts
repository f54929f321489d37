import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mp3Encoder } from '@breezystack/lamejs';
import { createAppFunction } from '../../infra/constructs/function.js';
import { bundlesIn, cdkContext, linkNodeModules, makeTempDir, runBundle } from './synth.js';

const SAMPLE_RATE = 44_100;

/** One second of a 440 Hz tone, mono 16-bit. */
function tone(): Int16Array {
  return Int16Array.from({ length: SAMPLE_RATE }, (_, i) => Math.round(Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE) * 0.5 * 32767));
}

function wavBytes(samples = tone()): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer)]);
}

function mp3Bytes(): Buffer {
  const samples = tone();
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, 128);
  const frames: Uint8Array[] = [];
  for (let i = 0; i < samples.length; i += 1152) {
    frames.push(Uint8Array.from(encoder.encodeBuffer(samples.subarray(i, i + 1152))));
  }
  frames.push(Uint8Array.from(encoder.flush()));
  return Buffer.concat(frames);
}

/**
 * The processing function decodes audio with decoders loaded by dynamic import(), WebAssembly inside. A probe entry
 * (fixtures/audio-probe.ts) is bundled by createAppFunction exactly like the real functions, then run in
 * Node on real audio: the decoders must be inlined in the one ESM file and work from there.
 */
describe('ESM bundling of the on-demand audio decoders', () => {
  let dir: string;
  let bundle: string;

  beforeAll(() => {
    dir = makeTempDir('infra-bundle');
    const outdir = path.join(dir, 'cdk.out');
    const app = new App({ outdir, context: cdkContext() });
    createAppFunction(new Stack(app, 'BundleProbe'), 'AudioProbe', {
      entry: 'test/infra/fixtures/audio-probe.ts',
      description: 'Bundling probe',
      environment: {},
      codeMode: 'bundle',
    });
    app.synth();
    [bundle] = bundlesIn(outdir);
    linkNodeModules(outdir);
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('inlines every dynamically imported module (no import() of a package is left)', () => {
    const code = fs.readFileSync(bundle, 'utf8');
    expect(code.match(/\bimport\(\s*["'`][^"'`]+["'`]\s*\)/g) ?? []).toEqual([]);
  });

  it.each([
    ['wav', () => wavBytes()],
    ['mp3', mp3Bytes],
  ])('decodes %s from the bundle', (format, make) => {
    const file = path.join(dir, `tone.${format}`);
    fs.writeFileSync(file, make());
    const run = runBundle(bundle, { file });
    expect(run.error).toBeUndefined();
    const result = run.result as { format: string; duration: number; sampleRate: number; peaks: number };
    expect(result.format).toBe(format);
    expect(result.sampleRate).toBe(44_100);
    expect(result.duration).toBeGreaterThan(0.9);
    expect(result.duration).toBeLessThan(1.2);
    expect(result.peaks).toBeGreaterThan(0);
  });

  // One file of each decoder family from the committed corpus (test/fixtures/audio).
  it.each([
    ['aac-large.m4a', 'm4a'],
    ['alac-s16-stereo.m4a', 'm4a'],
    ['flac-s16-stereo-22k.flac', 'flac'],
    ['vorbis-stereo-44k.ogg', 'ogg'],
    ['opus-stereo.opus', 'opus'],
    ['aac-adts.aac', 'aac'],
  ])('decodes %s from the bundle', (name, format) => {
    const { durationSeconds } = JSON.parse(fs.readFileSync('test/fixtures/audio/manifest.json', 'utf8'))[name];
    const run = runBundle(bundle, { file: path.resolve('test/fixtures/audio', name) });
    expect(run.error).toBeUndefined();
    const result = run.result as { format: string; duration: number };
    expect(result.format).toBe(format);
    expect(Math.abs(result.duration - durationSeconds)).toBeLessThan(0.5);
  });

  it("runs the analysis findings in their thread from the worker's bundle beside the function's", () => {
    expect(fs.existsSync(path.join(path.dirname(bundle), 'findings-worker.mjs'))).toBe(true);
    // The tone with a hard-clipped run at 0.5 s: one finding, the same in the decode's thread and in its own.
    const samples = tone();
    samples.fill(32767, 22_050, 22_100);
    const file = path.join(dir, 'clipped.wav');
    fs.writeFileSync(file, wavBytes(samples));
    const here = runBundle(bundle, { file, findings: true });
    const thread = runBundle(bundle, { file, findings: 'thread' });
    expect(here.error).toBeUndefined();
    expect(thread.error).toBeUndefined();
    const found = (here.result as { findings: { kind: string; start: number }[] }).findings;
    expect(found.map((f) => [f.kind, f.start])).toEqual([['clip', 0.5]]);
    expect((thread.result as { findings: unknown }).findings).toEqual(found);
  });

  it('refuses what is not audio from the bundle, with a reason', () => {
    const run = runBundle(bundle, { file: path.resolve('test/fixtures/audio/picture-named.mp3') });
    expect(run.error).toBeUndefined();
    expect(run.result).toMatchObject({ format: null, reason: expect.stringMatching(/not audio/i) });
  });
});
