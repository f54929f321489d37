/**
 * Audio made by the tests themselves: PCM WAV files, MP3 files (encoded with lamejs) and, for the
 * negative case, real PNG bytes. Written to a temp folder so that a browser can pick them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Mp3Encoder } from '@breezystack/lamejs';
import { pcmWav } from '../../scripts/seed/demo-audio.js';

export interface ToneOptions {
  seconds: number;
  sampleRate?: number;
  channels?: 1 | 2;
  /** Tone frequency in Hz. */
  frequency?: number;
  /** 'pulse' (default): pulses and a slow swell; 'ramp': silence rising steadily to full loudness. */
  envelope?: 'pulse' | 'ramp';
}

/**
 * 16-bit samples of a sine tone whose loudness rises and falls (a pulse every half second and a slow
 * swell), so that its waveform has a recognisable shape.
 */
export function toneSamples({ seconds, sampleRate = 44_100, frequency = 440, envelope = 'pulse' }: ToneOptions): Int16Array {
  const n = Math.round(seconds * sampleRate);
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate;
    if (envelope === 'ramp') {
      out[i] = Math.round(Math.sin(2 * Math.PI * frequency * t) * (i / n) * 30000);
      continue;
    }
    const swell = 0.35 + 0.45 * (0.5 - 0.5 * Math.cos((2 * Math.PI * t) / Math.max(4, seconds / 3)));
    const pulse = 0.55 + 0.45 * Math.exp(-((t % 0.5) * 9));
    const fade = Math.min(1, t / 0.05, (seconds - t) / 0.05);
    out[i] = Math.round(Math.sin(2 * Math.PI * frequency * t) * swell * pulse * fade * 0.9 * 32767);
  }
  return out;
}

/** A steady tone at `hz`, the same on both channels, at `level` of full scale: a WAV file. */
export function steadyToneWav(hz: number, level: number, seconds: number, rate = 44_100): Buffer {
  const samples = new Int16Array(seconds * rate);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(level * 32767 * Math.sin((2 * Math.PI * hz * i) / rate));
  return pcmWav(samples, rate, 2);
}

/** A PCM 16-bit little-endian WAV file. */
export function wavBytes(options: ToneOptions): Buffer {
  const sampleRate = options.sampleRate ?? 44_100;
  return pcmWav(toneSamples({ ...options, sampleRate }), sampleRate, options.channels ?? 1);
}

/**
 * A mono WAV of the pulsing tone with three defects analysis finds (functions/tracks/audio/findings.ts): the
 * tone driven into full scale from 1.0 to 1.3 s (clipping), digital silence from 3.0 to 3.05 s (a dropout),
 * and a single-sample click at 5.0 s; played `repeats` times in a row (the same defects every `seconds`: the
 * tone's swell follows the file's length, so a longer file is repeats of this one, not a longer tone).
 */
export function defectsWavBytes(seconds = 8, sampleRate = 44_100, repeats = 1): Buffer {
  const samples = toneSamples({ seconds, sampleRate });
  const at = (t: number) => Math.round(t * sampleRate);
  for (let i = at(1); i < at(1.3); i++) samples[i] = Math.max(-32767, Math.min(32767, samples[i] * 3));
  samples.fill(0, at(3), at(3.05));
  samples[at(5)] = Math.max(-32767, Math.min(32767, samples[at(5)] + 16000));
  const all = new Int16Array(samples.length * repeats);
  for (let r = 0; r < repeats; r++) all.set(samples, r * samples.length);
  return pcmWav(all, sampleRate, 1);
}

/** An MP3 file (MPEG-1 Layer III, constant bit rate). */
export function mp3Bytes(options: ToneOptions & { kbps?: number }): Buffer {
  const sampleRate = options.sampleRate ?? 44_100;
  const channels = options.channels ?? 1;
  const samples = toneSamples({ ...options, sampleRate });
  const encoder = new Mp3Encoder(channels, sampleRate, options.kbps ?? 128);
  const chunks: Uint8Array[] = [];
  const block = 1152;
  for (let i = 0; i < samples.length; i += block) {
    const part = samples.subarray(i, i + block);
    const frame = channels === 2 ? encoder.encodeBuffer(part, part) : encoder.encodeBuffer(part);
    if (frame.length > 0) chunks.push(Uint8Array.from(frame));
  }
  const tail = encoder.flush();
  if (tail.length > 0) chunks.push(Uint8Array.from(tail));
  return Buffer.concat(chunks);
}

/** A valid 1x1 PNG image. */
export function pngBytes(): Buffer {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
}

/** A folder of test files, removed by `cleanup`. */
export function audioDir(prefix = 'snip-audio-'): { dir: string; write: (name: string, bytes: Buffer) => string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dir,
    write: (name, bytes) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, bytes);
      return file;
    },
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
