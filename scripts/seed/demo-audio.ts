/**
 * Audio for the demo tracks, synthesised so that the repository carries no recordings: a short loop
 * with sections (intro, groove, break, drop) whose waveform reads like music, not like a test tone.
 */

/** A PCM 16-bit little-endian WAV file of mono samples, copied to every channel. */
export function pcmWav(mono: Int16Array, sampleRate: number, channels = 1): Buffer {
  const dataBytes = mono.length * channels * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(channels, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * channels * 2, 28); // byte rate
  buf.writeUInt16LE(channels * 2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  let offset = 44;
  for (let i = 0; i < mono.length; i++) {
    for (let c = 0; c < channels; c++) {
      buf.writeInt16LE(mono[i], offset);
      offset += 2;
    }
  }
  return buf;
}

export interface Song {
  seconds: number;
  bpm: number;
  /** Root frequency (Hz) of each bar's chord, cycled. */
  roots: number[];
  /** Sections as [from second, level of drums 0-1, level of bass 0-1]. */
  sections: [number, number, number][];
}

const MINOR_TRIAD = [1, 1.189, 1.498];
const MAJOR_TRIAD = [1, 1.26, 1.498];

/** Renders a song to 16-bit mono samples. Deterministic: the same song gives the same bytes. */
export function renderSong(song: Song, sampleRate = 22_050): Int16Array {
  const n = Math.round(song.seconds * sampleRate);
  const out = new Int16Array(n);
  const beat = 60 / song.bpm;
  const bar = beat * 4;
  let noise = 0x2545f491;
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate;
    const section = song.sections.filter(([from]) => from <= t).pop() ?? [0, 0, 0];
    const [, drums, bassLevel] = section;
    const barIndex = Math.floor(t / bar);
    const root = song.roots[barIndex % song.roots.length];
    const triad = barIndex % 2 ? MAJOR_TRIAD : MINOR_TRIAD;
    const inBar = t % bar;
    const inBeat = t % beat;
    // Pad: a soft triad that swells with each bar.
    const swell = 0.5 + 0.5 * Math.sin(Math.PI * Math.min(1, inBar / bar));
    let s = 0;
    for (const ratio of triad) s += Math.sin(2 * Math.PI * root * 2 * ratio * t) * 0.12 * swell;
    // Bass: the root an octave down, plucked on every beat.
    s += Math.sin(2 * Math.PI * root * t) * 0.3 * bassLevel * Math.exp(-inBeat * 3);
    // Kick: a falling sine on every beat; hats: a noise tick on the off-beats.
    const kickFreq = 50 + 90 * Math.exp(-inBeat * 30);
    s += Math.sin(2 * Math.PI * kickFreq * inBeat) * 0.55 * drums * Math.exp(-inBeat * 9);
    noise ^= noise << 13;
    noise ^= noise >>> 17;
    noise ^= noise << 5;
    const offBeat = (t + beat / 2) % beat;
    s += ((noise >>> 0) / 0xffffffff - 0.5) * 0.18 * drums * Math.exp(-offBeat * 40);
    const fade = Math.min(1, t / 0.5, (song.seconds - t) / 1.5);
    out[i] = Math.round(Math.max(-1, Math.min(1, s * fade)) * 32767);
  }
  return out;
}
