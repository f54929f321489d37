/**
 * Analysis findings (functions/tracks/audio/findings.ts) on synthetic music: a defect of each kind placed at a
 * known time is found there, and the untouched signal has none. The bench (`npm run bench -- 8`) scores the
 * detectors on real recordings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { analyseAudioFile } from '../../../functions/tracks/audio.js';
import { WavWriter } from '../../../functions/tracks/audio/wav-writer.js';
import { median } from '../../../functions/tracks/audio/finding-rules.js';
import type { FindingsMeter } from '../../../functions/tracks/audio/findings.js';
import { FindingsThread, FindingsThreadFailed } from '../../../functions/tracks/audio/findings-thread.js';
import { Measure } from '../../../functions/tracks/audio/measure.js';
import type { Finding, FindingKind } from '../../../shared/findings.js';
import { findingComment, findingSummary } from '../../../shared/findings.js';

const RATE = 44100;
const SECONDS = 12;

/** A steady piece of 'music': a bass note, a chord, and noise for the highs, a little different in each channel. */
function music(): Float32Array[] {
  let seed = 7;
  const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const n = RATE * SECONDS;
  const l = new Float32Array(n);
  const r = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    const bass = 0.12 * Math.sin(2 * Math.PI * 55 * t);
    const chord = 0.06 * (Math.sin(2 * Math.PI * 220 * t) + Math.sin(2 * Math.PI * 277 * t) + Math.sin(2 * Math.PI * 330 * t));
    l[i] = bass + chord + 0.02 * noise();
    r[i] = bass + 0.9 * chord + 0.02 * noise();
  }
  return [l, r];
}

/** Hands the channels to `measure` as a decoder would, in chunks of `chunk` frames. */
function feed(measure: Measure, channels: Float32Array[], rate = RATE, chunk = 4096) {
  for (let i = 0; i < channels[0].length; i += chunk) {
    const n = Math.min(chunk, channels[0].length - i);
    const buffers = measure.frameBuffers(channels.length, n);
    buffers.forEach((b, c) => b.set(channels[c].subarray(i, i + n)));
    measure.addPlanar(buffers, rate);
  }
}

/** Analyses the channels as a decoder would hand them over, in chunks of `chunk` frames. */
function findingsOf(channels: Float32Array[], chunk = 4096): Finding[] {
  const measure = new Measure();
  feed(measure, channels, RATE, chunk);
  measure.loudness!.result();
  return (measure.findings as FindingsMeter).result();
}

/** The same, each part at its rate, with the findings in a thread of their own (./findings-thread.ts). */
async function findingsInThread(parts: [Float32Array[], number][], chunk = 4096): Promise<Finding[]> {
  const measure = new Measure(undefined, { findings: 'thread' });
  for (const [channels, rate] of parts) feed(measure, channels, rate, chunk);
  measure.loudness!.result();
  return measure.findings!.result();
}

const at = (s: number) => Math.round(s * RATE);
/** The music with a gain that follows `gain` (of the second). */
function gained(gain: (t: number) => number): Float32Array[] {
  const channels = music();
  for (const c of channels) for (let i = 0; i < c.length; i++) c[i] *= gain(i / RATE);
  return channels;
}
/** From 6 s the music thins out: most of its 100 ms steps 8 dB quieter, three in ten louder, the same energy a second. */
const thinOut = (t: number) => (t < 6 ? 1 : [0, 3, 6].includes(Math.floor((t - 6) * 10) % 10) ? 1.72 : 0.398);
/** Music with a defect of each kind the kernel's runs and sums see, off the chunks' and steps' edges. */
function defects(): Float32Array[] {
  const [l, r] = music();
  for (let i = at(2); i < at(2.3); i++) l[i] = Math.max(-1, Math.min(1, l[i] * 6));
  l.fill(0, at(5) + 3, at(5.05) + 3);
  r.fill(0, at(5) + 3, at(5.05) + 3);
  l[at(8) + 1] += 0.5;
  for (let i = at(9); i < l.length; i++) r[i] += 0.04;
  return [l, r];
}

const only = (found: Finding[], kind: FindingKind) => found.filter((f) => f.kind === kind);

describe('analysis findings', () => {
  it('finds nothing in steady music', () => {
    expect(findingsOf(music())).toEqual([]);
  });

  it('places a hard-clipped run', () => {
    const [l, r] = music();
    for (let i = at(4); i < at(4.5); i++) {
      l[i] = Math.max(-1, Math.min(1, l[i] * 6));
      r[i] = Math.max(-1, Math.min(1, r[i] * 6));
    }
    const clips = only(findingsOf([l, r]), 'clip');
    expect(clips).toHaveLength(1);
    expect(clips[0].start).toBeCloseTo(4, 0);
    expect(clips[0].severity).toBe('high');
  });

  it('places an inter-sample over, which no sample shows', () => {
    const [l, r] = music();
    for (let i = at(6); i < at(6.05); i++) {
      const v = 1.2 * Math.sin((Math.PI / 2) * i + Math.PI / 4); // samples at 0.85, the peak between them at 1.2
      l[i] = v;
      r[i] = v;
    }
    const found = findingsOf([l, r]);
    const overs = only(found, 'over');
    expect(overs).toHaveLength(1);
    expect(Math.abs(overs[0].start - 6)).toBeLessThan(0.25);
    // +1.6 dBTP inside the burst, more at its abrupt edges
    expect(overs[0].value).toBeGreaterThan(1.5);
    expect(overs[0].value).toBeLessThan(3);
    expect(only(found, 'clip')).toEqual([]);

    // The same burst faded in and out, just over (+0.02 dB as the interpolator reads it: -0.03 dB at this rate's
    // quarter), would say '+0.0 dBTP': it is not told. At +0.2 dB it is.
    const burst = (peak: number) => {
      const [bl, br] = music();
      const [from, to] = [at(6), at(6.05)];
      for (let i = from; i < to; i++) {
        const fade = Math.min(1, (i - from) / at(0.01), (to - i) / at(0.01));
        bl[i] = br[i] = (1 - fade) * bl[i] + fade * peak * Math.sin((Math.PI / 2) * i + Math.PI / 4);
      }
      return only(findingsOf([bl, br]), 'over');
    };
    expect(burst(1.006)).toEqual([]);
    expect(burst(1.028).map((f) => f.value)).toEqual([expect.closeTo(0.21, 2)]);
  });

  it('places a mono collapse, a dropout and a click', () => {
    const [l, r] = music();
    for (let i = at(2); i < at(4); i++) r[i] = -r[i] * Math.min(1, (i - at(2)) / 441, (at(4) - i) / 441);
    l.fill(0, at(7), at(7.05));
    r.fill(0, at(7), at(7.05));
    l[at(10)] += 0.5;
    const found = findingsOf([l, r]);
    const [mono] = only(found, 'mono');
    expect(Math.abs(mono.start - 2)).toBeLessThan(0.25);
    expect(Math.abs(mono.end - 4)).toBeLessThan(0.25);
    const [dropout] = only(found, 'dropout');
    expect(dropout.start).toBeCloseTo(7, 2);
    expect(dropout.value).toBeCloseTo(0.05, 2);
    const clicks = only(found, 'click');
    expect(clicks.map((c) => Math.round(c.start * 100) / 100)).toEqual([10]);
  });

  it('finds a click next to a drum hit in its step, and not a hit or a flattened peak', () => {
    let seed = 3;
    const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const [l, r] = music();
    // Snare-like hits: 60 ms of decaying noise every quarter second, whose residuals fill the steps around.
    for (let i = 0; i < l.length; i++) {
      const t = (i / RATE) % 0.25;
      if (t < 0.06) {
        const hit = 0.2 * noise() * (1 - t / 0.06);
        l[i] += hit;
        r[i] += hit;
      }
    }
    // A click 40 ms after a hit: 21 dB above the residuals of the steps around it (the hits count), 30 dB above
    // those within 1.5 ms.
    l[at(6.16)] += 0.5;
    // Two samples flattened at full scale inside a hit: clipping's to tell, not a click.
    l[at(9.03)] = 1;
    l[at(9.03) + 1] = 1;
    const clicks = only(findingsOf([l, r]), 'click');
    expect(clicks.map((c) => Math.round(c.start * 100) / 100)).toEqual([6.16]);
  });

  it('finds a click the same at any chunk size, where its 1.5 ms span several pushes', () => {
    const [l, r] = music();
    l[at(4) + 1] += 0.3;
    const whole = only(findingsOf([l, r]), 'click');
    expect(whole).toHaveLength(1);
    for (const chunk of [5, 37, 64]) expect(only(findingsOf([l, r], chunk), 'click')).toEqual(whole);
  });

  it('tells a dropout from music that stops', () => {
    // A stop the music makes: 30 ms of release to silence, 80 ms of it, then the music again from silence.
    const [l, r] = music();
    for (let i = at(5.97); i < at(6.15); i++) {
      const g = i < at(6) ? (at(6) - i) / at(0.03) : i < at(6.08) ? 0 : Math.min(1, (i - at(6.08)) / at(0.03));
      l[i] *= g ** 3;
      r[i] *= g ** 3;
    }
    // A dropout as a note decays: cut abruptly out of music 30 dB down, with the music loud after it.
    for (let i = at(8.5); i < at(9); i++) {
      l[i] *= 0.03;
      r[i] *= 0.03;
    }
    l.fill(0, at(8.9), at(8.95));
    r.fill(0, at(8.9), at(8.95));
    expect(only(findingsOf([l, r]), 'dropout').map((f) => Math.round(f.start * 100) / 100)).toEqual([8.9]);
  });

  it('places a DC offset by where it starts and ends', () => {
    const [l, r] = music();
    for (let i = at(3); i < at(8); i++) {
      l[i] += 0.04;
      r[i] += 0.04;
    }
    const [dc, ...more] = only(findingsOf([l, r]), 'dc');
    expect(more).toEqual([]);
    expect(Math.abs(dc.start - 3)).toBeLessThan(0.25);
    expect(Math.abs(dc.end - 8)).toBeLessThan(0.25);
    expect(dc.value).toBeCloseTo(0.04, 2);

    // Music whose own mean leans the same way (0.012, under the limit) around it: the edges stay where the
    // offset's are, not where the two-second means pass half their largest (0.4 s early and late).
    const [ml, mr] = music();
    for (let i = at(2); i < at(10); i++) {
      const offset = (i >= at(4) && i < at(7) ? 0.03 : 0) + 0.012;
      ml[i] += offset;
      mr[i] += offset;
    }
    const [leaning, ...others] = only(findingsOf([ml, mr]), 'dc');
    expect(others).toEqual([]);
    expect(Math.abs(leaning.start - 4)).toBeLessThan(0.15);
    expect(Math.abs(leaning.end - 7)).toBeLessThan(0.15);
    expect(leaning.value).toBeCloseTo(0.042, 2);

    // A slow rumble (0.4 Hz) moves a two-second mean past the limit, but never holds it: no offset.
    const [rl, rr] = music();
    for (let i = 0; i < rl.length; i++) {
      const rumble = 0.15 * Math.sin(2 * Math.PI * 0.4 * (i / RATE));
      rl[i] += rumble;
      rr[i] += rumble;
    }
    expect(only(findingsOf([rl, rr]), 'dc')).toEqual([]);

    // An offset of 1.7 s, shorter than the two seconds a window measures, is a lean of the music's.
    const [sl, sr] = music();
    for (let i = at(4); i < at(5.7); i++) {
      sl[i] += 0.04;
      sr[i] += 0.04;
    }
    expect(only(findingsOf([sl, sr]), 'dc')).toEqual([]);
  });

  it('places a level jump of the same music, and a low-end build-up', () => {
    const [jump] = only(findingsOf(gained((t) => (t < 5 ? 1 : 2.5))), 'jump');
    expect(Math.abs(jump.start - 5)).toBeLessThan(0.25);
    expect(jump.value).toBeCloseTo(8, 0);

    // Turned down 12 dB into a passage that swells by 8 dB over the next two seconds: the level after the step
    // does not hold, but it moves far less than the step.
    const [down] = only(findingsOf(gained((t) => (t < 5 ? 1 : 10 ** ((-12 + 4 * Math.min(2, t - 5)) / 20)))), 'jump');
    expect(Math.abs(down.start - 5)).toBeLessThan(0.25);
    expect(down.value).toBeLessThan(-9);

    // Turned down 9 dB just before the music thins out: from 6 s most of its 100 ms steps are 8 dB quieter and
    // three in ten louder, the same energy a second. The seconds' medians after the step keep falling; their
    // energies hold, and step with the gain.
    const thinned = only(findingsOf(gained((t) => (t < 5 ? 1 : 10 ** (-9 / 20) * thinOut(t)))), 'jump');
    expect(thinned).toHaveLength(1);
    expect(Math.abs(thinned[0].start - 5)).toBeLessThan(0.25);
    expect(thinned[0].value).toBeCloseTo(-9, 0);
    // The music thinning out alone is no jump: its steps' median falls 8 dB, its energy stays.
    expect(only(findingsOf(gained(thinOut)), 'jump')).toEqual([]);

    // A section the music makes is not one: at 5 s a bright part enters (the balance moves), and loud hits
    // every half second do not move the steps' median.
    const [sl, sr] = music();
    for (let i = 0; i < sl.length; i++) {
      const t = i / RATE;
      const hit = t % 0.5 < 0.03 ? 0.5 * Math.sin(2 * Math.PI * 90 * t) : 0;
      const bright = t >= 5 ? 0.35 * Math.sin(2 * Math.PI * 3520 * t) : 0;
      sl[i] += hit + bright;
      sr[i] += hit + bright;
    }
    expect(only(findingsOf([sl, sr]), 'jump')).toEqual([]);

    // Nor is a level that steps down 9 dB a second after a bass came in: the seconds either side of the step
    // keep one balance, the seconds beyond them do not. (The same step with the bass there all along is one.)
    const bassIn = (from: number) => {
      const [bl, br] = music();
      for (let i = 0; i < bl.length; i++) {
        const t = i / RATE;
        const bass = 0.12 * Math.sin(2 * Math.PI * 55 * t);
        const gain = t < 5 ? 1 : 10 ** (-9 / 20);
        bl[i] = (bl[i] - bass + (t >= from ? (2 / 3) * bass : 0)) * gain;
        br[i] = (br[i] - bass + (t >= from ? (2 / 3) * bass : 0)) * gain;
      }
      return only(findingsOf([bl, br]), 'jump');
    };
    expect(bassIn(4)).toEqual([]);
    expect(bassIn(0).map((f) => Math.round(f.start))).toEqual([5]);

    // Louder by 9.5 dB, and from a second later mostly rests (three 100 ms steps in ten silent): a passage that
    // breaks off into a stop is the music's doing. The second after the rests begin has no median level, and its
    // energy alone (the steps that sound, as loud as before) does not say that the new level held.
    const rests = gained((t) => (t < 5 ? 0.25 : t < 6 || t >= 7 ? 0.75 : t < 6.7 ? 0.75 * Math.sqrt(10 / 7) : 0));
    expect(only(findingsOf(rests), 'jump')).toEqual([]);

    const [bl, br] = music();
    for (let i = at(6); i < at(9); i++) {
      const boost = 0.5 * Math.sin(2 * Math.PI * 55 * (i / RATE));
      bl[i] += boost;
      br[i] += boost;
    }
    const [low] = only(findingsOf([bl, br]), 'lowEnd');
    expect(Math.abs(low.start - 6)).toBeLessThan(0.5);
    // The bass boost raises the level by 9 dB, but it is the low end that moved, not the gain: no jump.
    expect(only(findingsOf([bl, br]), 'jump')).toEqual([]);
  });

  it('finds a build-up of a bass line that pauses, from its first note to its last', () => {
    // From 4 to 7.2 s a boosted bass plays 0.2 s in each second: one build-up, not a bass hit now and then. Its
    // half-seconds between the notes stand less far above the track's balance, but still well above it.
    const [l, r] = music();
    for (let i = at(4); i < at(8); i++) {
      const t = i / RATE;
      const boost = (t - 4) % 1 < 0.2 ? 0.5 * Math.sin(2 * Math.PI * 55 * t) : 0;
      l[i] += boost;
      r[i] += boost;
    }
    const lows = only(findingsOf([l, r]), 'lowEnd');
    expect(lows).toHaveLength(1);
    expect(Math.abs(lows[0].start - 4)).toBeLessThan(0.25);
    expect(Math.abs(lows[0].end - 7.2)).toBeLessThan(0.25);
  });

  it('starts a build-up at the first boosted notes before it, and joins no two short runs', () => {
    // The boost meets two short bass notes (3 s and 3.5 s), then 1.25 s of none, then a bass line from 5 s on.
    const boosted = (notes: [number, number][]) => {
      const [l, r] = music();
      for (const [from, to] of notes)
        for (let i = at(from); i < at(to); i++) {
          const boost = 0.5 * Math.sin(2 * Math.PI * 55 * (i / RATE));
          l[i] += boost;
          r[i] += boost;
        }
      return only(findingsOf([l, r]), 'lowEnd');
    };
    const lows = boosted([
      [3, 3.25],
      [3.5, 3.75],
      [5, 8],
    ]);
    expect(lows).toHaveLength(1);
    expect(Math.abs(lows[0].start - 3)).toBeLessThan(0.25);
    // Two runs too short alone stay apart: no build-up.
    expect(
      boosted([
        [3, 3.6],
        [4.9, 5.5],
      ]),
    ).toEqual([]);
  });

  it('finds the same however the samples are chunked', () => {
    const [l, r] = defects();
    const whole = findingsOf([l, r]);
    expect(new Set(whole.map((f) => f.kind))).toEqual(new Set(['clip', 'over', 'dropout', 'click', 'dc']));
    // Odd sizes put every group of four, and the masked lanes at a run's end, somewhere else.
    for (const chunk of [1001, 37, 4410]) expect(findingsOf([l, r], chunk)).toEqual(whole);
  });

  it('keeps time across a change of sample rate, as some MP3 streams make', () => {
    // 6 s at 44.1 kHz, then the same music resampled (crudely: it is only the clock that is tested) to 48 kHz,
    // with a click 2.5 s and a dropout 4 s into the second part: 8.5 and 10 s into the track.
    const [l, r] = music();
    const head = [l.subarray(0, at(6)), r.subarray(0, at(6))];
    const tail = [l, r].map((x) => Float32Array.from({ length: 6 * 48000 }, (_, i) => x[Math.floor((i * RATE) / 48000)]));
    tail[0][2.5 * 48000] += 0.5;
    for (const x of tail) x.fill(0, 4 * 48000, 4.03 * 48000);
    const measure = new Measure();
    feed(measure, head, RATE);
    feed(measure, tail, 48000);
    measure.loudness!.result();
    const found = (measure.findings as FindingsMeter).result();
    expect(only(found, 'click').map((f) => Math.round(f.start * 100) / 100)).toEqual([8.5]);
    expect(only(found, 'dropout').map((f) => Math.round(f.start * 100) / 100)).toEqual([10]);
  });

  it('reads every channel for full scale and silence, and the first two for the rest', () => {
    const [l, r] = music();
    const centre = Float32Array.from(l, (v) => 0.5 * v);
    // Full scale in the third channel alone is a clip.
    for (let i = at(3); i < at(3.1); i++) centre[i] = 1;
    // Silence in the first two while the third plays is no dropout.
    l.fill(0, at(6), at(6.05));
    r.fill(0, at(6), at(6.05));
    const found = findingsOf([l, r, centre]);
    expect(only(found, 'clip').map((f) => Math.round(f.start * 10) / 10)).toEqual([3]);
    expect(only(found, 'dropout')).toEqual([]);
    // A mono file: the one channel is both sides.
    const mono = findingsOf([l]);
    expect(only(mono, 'dropout').map((f) => Math.round(f.start * 100) / 100)).toEqual([6]);
    expect(only(mono, 'mono')).toEqual([]);
    // Its sums are taken once and stand for both sides: it finds what the same samples twice find (but for
    // clicks, whose surroundings are one channel's residuals rather than two).
    const defects = gained((t) => (t < 5 ? 1 : 2.5))[0];
    for (let i = at(8); i < at(8.3); i++) defects[i] = Math.max(-1, Math.min(1, defects[i] * 6));
    for (let i = at(1); i < at(4); i++) defects[i] += 0.04;
    const withoutClicks = (found: Finding[]) => found.filter((f) => f.kind !== 'click');
    const once = withoutClicks(findingsOf([defects]));
    expect(new Set(once.map((f) => f.kind))).toEqual(new Set(['clip', 'over', 'jump', 'dc']));
    expect(once).toEqual(withoutClicks(findingsOf([defects, defects])));
  });

  it("finds in a thread of its own what it finds in the decode's, and the thread serves the next decode afresh", async () => {
    // Each kind the kernel's runs and sums see, over two rates, and the channels' counts that take other paths.
    const [l, r] = defects();
    const tail = [l, r].map((x) => Float32Array.from({ length: 3 * 48000 }, (_, i) => x[Math.floor((i * RATE) / 48000)]));
    const measure = new Measure();
    feed(measure, [l, r], RATE, 1001);
    feed(measure, tail, 48000, 1001);
    measure.loudness!.result();
    const here = (measure.findings as FindingsMeter).result();
    expect(new Set(here.map((f) => f.kind))).toEqual(new Set(['clip', 'over', 'dropout', 'click', 'dc']));
    const parts: [Float32Array[], number][] = [
      [[l, r], RATE],
      [tail, 48000],
    ];
    expect(await findingsInThread(parts, 1001)).toEqual(here);
    // The same thread again (kept for the next decode), then with other pushes and channels' counts.
    expect(await findingsInThread(parts, 1001)).toEqual(here);
    expect(await findingsInThread([[[l, r], RATE]], 4410)).toEqual(findingsOf([l, r], 4410));
    expect(await findingsInThread([[[l], RATE]])).toEqual(findingsOf([l]));
    const centre = Float32Array.from(l, (v) => 0.5 * v);
    expect(await findingsInThread([[[l, r, centre], RATE]])).toEqual(findingsOf([l, r, centre]));
    // A decode that fails ends its thread halfway; the next decode's findings are whole.
    const failed = new Measure(undefined, { findings: 'thread' });
    feed(failed, [r, l], RATE);
    (failed.findings as FindingsThread).close();
    expect(await findingsInThread([[[l, r], RATE]])).toEqual(findingsOf([l, r]));
    // A thread that ends while kept is not handed out again.
    const kept = new Measure(undefined, { findings: 'thread' });
    feed(kept, [l, r], RATE);
    const worker = (kept.findings as unknown as { worker: Worker }).worker;
    await kept.findings!.result();
    await worker.terminate();
    expect(await findingsInThread([[[l, r], RATE]])).toEqual(findingsOf([l, r]));
    // A thread that dies is the system's failure (not the file's), and is not kept.
    const dying = new Measure(undefined, { findings: 'thread' });
    feed(dying, [l, r], RATE);
    await (dying.findings as unknown as { worker: Worker }).worker.terminate();
    await expect(dying.findings!.result()).rejects.toBeInstanceOf(FindingsThreadFailed);
    expect(await findingsInThread([[[l, r], RATE]])).toEqual(findingsOf([l, r]));
  });

  it('holds the decode back while a thread is behind, rather than its samples in memory, and gives up on one gone', async () => {
    const [l] = music();
    const long = Float32Array.from({ length: 400 * RATE }, (_, i) => l[i % l.length]);
    const measure = new Measure(undefined, { findings: 'thread' });
    // Ended, but not yet told (that takes the event loop, which a decode does not yield to between pushes): it
    // hands nothing back.
    void (measure.findings as unknown as { worker: Worker }).worker.terminate();
    const start = performance.now();
    feed(measure, [long], RATE, 65536);
    // 400 s is 67 batches: 16 sets of buffers (16 MB a channel) were made, then the decode waited 2 s for one.
    expect((measure.findings as unknown as { thread: { sets: number } }).thread.sets).toBe(16);
    expect(performance.now() - start).toBeGreaterThan(2000);
    await expect(measure.findings!.result()).rejects.toThrow(/handed no samples back/);
    // A thread that keeps up makes a few.
    const kept = new Measure(undefined, { findings: 'thread' });
    feed(kept, [long], RATE, 65536);
    expect((kept.findings as unknown as { thread: { sets: number } }).thread.sets).toBeLessThanOrEqual(16);
    expect(await kept.findings!.result()).toEqual([]);
  });

  it('gives an upload from 4 MB on a thread of its own, and a smaller one none', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'findings-thread-'));
    const threads = vi.spyOn(FindingsThread.prototype, 'result');
    try {
      const wav = (seconds: number) => {
        const file = path.join(dir, `${seconds}.wav`);
        const writer = new WavWriter(file);
        for (let t = 0; t < seconds; t += SECONDS) writer.write(defects(), at(SECONDS), RATE);
        writer.close();
        return file;
      };
      // 12 s of 16-bit stereo is 2.1 MB; 24 s, 4.2 MB.
      const small = await analyseAudioFile(wav(SECONDS));
      expect(threads).not.toHaveBeenCalled();
      const large = await analyseAudioFile(wav(2 * SECONDS));
      expect(threads).toHaveBeenCalledTimes(1);
      // The first 12 s are the same file's: their findings are the small one's, one more click and clip after.
      expect(large.findings!.filter((f) => f.start < SECONDS - 1)).toEqual(small.findings!.filter((f) => f.start < SECONDS - 1));
    } finally {
      threads.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the middle of the known values', () => {
    expect(median([3, NaN, 1, 2])).toBe(2);
    expect(median([4, 1, Infinity, 3, 2, NaN])).toBe(2.5);
    expect(median([NaN])).toBeNaN();
    // As many as a 4-hour track's steps, odd and even, with many alike: as sorting them says.
    const many = Array.from({ length: 144_001 }, (_, i) => ((i * 7919) % 1000) / 10);
    for (const values of [many, many.slice(1), many.slice(0, 1000).concat(Array(999).fill(50))]) {
      const sorted = [...values].sort((a, b) => a - b);
      const m = sorted.length >> 1;
      expect(median(values)).toBe(sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2);
    }
  });

  it('says a finding as people read it, and makes the comment a confirmed one starts as', () => {
    const f: Finding = { id: 'clip-1', kind: 'clip', start: 42.25, end: 45.5, severity: 'high', value: 812 };
    expect(findingSummary(f)).toBe('Clipping at 0:42-0:45: 812 samples at full scale (high)');
    expect(findingComment(f)).toMatchObject({ timestamp: 42.2, endTimestamp: 45.5, tags: ['#Mastering'] });
  });
});
