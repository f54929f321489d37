/**
 * Section 8: the analysis findings (functions/tracks/audio/findings.ts) against defects injected at known times
 * into real recordings, and what analysis costs processing.
 *
 * The recordings are music from Debian's packages (frozen-bubble-data, fillets-ng-data: GPL game music),
 * fetched with `apt-get download` into a cache the first time and never committed. Each recording gives a
 * 20-second excerpt (at -6 dBFS peak), copied once per kind with two defects of that kind injected at times
 * and levels drawn from a fixed seed; the untouched excerpts and the whole recordings as they decode are the
 * controls. A finding of the injected kind whose start is within 0.25 s of an injected defect's is a hit;
 * any other finding is a false one, unless the control's expected findings (findings-expected.json) list it.
 * Four more draws of the copies' times and levels (their seeds offset) are scored beside the set's own, so
 * that its figures can be told from one draw's luck.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyseAudioFile } from '../../functions/tracks/audio.js';
import { Measure, type PcmSink } from '../../functions/tracks/audio/measure.js';
import { WavWriter } from '../../functions/tracks/audio/wav-writer.js';
import { FINDING_KINDS, type Finding, type FindingKind } from '../../shared/findings.js';

/** The detectors of one decode: codec overs come from the previews (scripts/bench/codec-previews.ts). */
const DETECTORS = FINDING_KINDS.filter((k) => k !== 'codecOver');
import { fmt } from './session.js';

const CACHE = path.join(os.tmpdir(), 'snip-findings-set');
const PACKAGES = ['frozen-bubble-data', 'fillets-ng-data'];
const RECORDINGS = [
  'usr/share/games/frozen-bubble/snd/frozen-mainzik-1p.ogg',
  'usr/share/games/frozen-bubble/snd/frozen-mainzik-2p.ogg',
  'usr/share/games/frozen-bubble/snd/introzik.ogg',
  'usr/share/games/fillets-ng/music/rybky01.ogg',
  'usr/share/games/fillets-ng/music/rybky02.ogg',
  'usr/share/games/fillets-ng/music/rybky03.ogg',
  'usr/share/games/fillets-ng/music/kufrik.ogg',
  'usr/share/games/fillets-ng/music/menu.ogg',
];
const EXCERPT_SECONDS = 20;
/** The draws scored: the set's own (0), and four more whose seeds are offset by these. */
const DRAWS = [0, 100, 200, 300, 400];
const TOLERANCE = 0.25;

interface Injected {
  kind: FindingKind;
  start: number;
  end: number;
}

/** The recordings (`files` of Debian's `packages`), fetched from its archive into the cache the first time. */
export function recordings(files: string[] = RECORDINGS, packages: string[] = PACKAGES): string[] {
  const missing = files.filter((r) => !fs.existsSync(path.join(CACHE, r)));
  if (missing.length) {
    fs.mkdirSync(CACHE, { recursive: true });
    execFileSync('apt-get', ['download', ...packages], { cwd: CACHE, stdio: 'ignore' });
    for (const deb of fs.readdirSync(CACHE).filter((f) => f.endsWith('.deb')))
      execFileSync('dpkg-deb', ['-x', path.join(CACHE, deb), CACHE]);
  }
  return files.map((r) => path.join(CACHE, r));
}

export class Collect implements PcmSink {
  parts: Float32Array[][] = [];
  rate = 0;
  write(channels: Float32Array[], n: number, sampleRate: number) {
    this.rate = sampleRate;
    this.parts.push([0, 1].map((c) => Float32Array.from(channels[Math.min(c, channels.length - 1)].subarray(0, n))));
  }
  audio(): { channels: Float32Array[]; rate: number } {
    const total = this.parts.reduce((s, p) => s + p[0].length, 0);
    const channels = [new Float32Array(total), new Float32Array(total)];
    let at = 0;
    for (const p of this.parts) {
      channels[0].set(p[0], at);
      channels[1].set(p[1], at);
      at += p[0].length;
    }
    return { channels, rate: this.rate };
  }
}

/** A fixed sequence of numbers in [0, 1) (mulberry32), so the set is the same on every machine. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rms = (x: Float32Array, from: number, to: number) => {
  let s = 0;
  for (let i = Math.max(0, from); i < Math.min(x.length, to); i++) s += x[i] * x[i];
  return Math.sqrt(s / Math.max(1, Math.min(x.length, to) - Math.max(0, from)));
};
function correlation(l: Float32Array, r: Float32Array, from: number, to: number) {
  let lr = 0;
  let ll = 0;
  let rr = 0;
  for (let i = from; i < to; i++) {
    lr += l[i] * r[i];
    ll += l[i] * l[i];
    rr += r[i] * r[i];
  }
  return lr / Math.sqrt(ll * rr || 1);
}

/**
 * Two times 2 s inside the excerpt's `seconds`, the defects `length` s long at least 2 s apart, each passing
 * `fits` (from the seed's draws).
 */
function twoTimes(next: () => number, fits: (t: number) => boolean, length: number, seconds: number): number[] {
  const out: number[] = [];
  for (let tries = 0; tries < 400 && out.length < 2; tries++) {
    const t = Math.round((2 + next() * (seconds - 4 - length)) * 100) / 100;
    if (out.every((o) => Math.abs(o - t) >= 2 + length) && fits(t)) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

/** A second-order low-pass at 120 Hz of `x` over [from, to). */
function lowBand(x: Float32Array, from: number, to: number, rate: number): Float32Array {
  const c = 1 - Math.exp((-2 * Math.PI * 120) / rate);
  const out = new Float32Array(to - from);
  let a = 0;
  let b = 0;
  for (let i = from; i < to; i++) {
    a += c * (x[i] - a);
    b += c * (a - b);
    out[i - from] = b;
  }
  return out;
}

/**
 * Where a boost of the low band is heard, from `added` (the energy it adds per frame, from `t` s on): from
 * the first 50 ms to the last that carry at least a quarter of its mean energy. A boost where the music has no
 * bass yet adds nothing: the build-up starts with the first bass note it meets, and ends with the last.
 */
function heard(added: Float32Array, t: number, rate: number): { start: number; end: number } {
  const block = Math.round(0.05 * rate);
  const energies: number[] = [];
  for (let i = 0; i + block <= added.length; i += block) energies.push(added.subarray(i, i + block).reduce((a, b) => a + b, 0));
  const mean = energies.reduce((a, b) => a + b, 0) / Math.max(1, energies.length);
  const first = energies.findIndex((e) => e >= mean / 4);
  const last = energies.findLastIndex((e) => e >= mean / 4);
  return { start: t + (first * block) / rate, end: t + ((last + 1) * block) / rate };
}

/** 1 inside [from, to), fading in and out over 10 ms at its edges, as an edit in a DAW would. */
function fade(i: number, from: number, to: number, rate: number): number {
  const edge = Math.round(0.01 * rate);
  return Math.max(0, Math.min(1, (i - from) / edge, (to - i) / edge));
}

/** Injects two defects of `kind` into the excerpt (in place) and says where they really are. */
function inject(kind: FindingKind, [l, r]: Float32Array[], rate: number, next: () => number): Injected[] {
  const at = (t: number) => Math.round(t * rate);
  const seconds = l.length / rate;
  // Where the music is within 6 dB of its usual level: a defect where it is silent is another matter.
  const usual = rms(l, 0, l.length);
  const loud = (t: number) => rms(l, at(t) - at(0.4), at(t) + at(0.4)) > usual / 2;
  const out: Injected[] = [];
  if (kind === 'clip') {
    for (const t of twoTimes(next, loud, 1.5, seconds)) {
      // Driven 3 to 4 dB into full scale (the excerpt peaks at 0.9 for this kind): no jump in level.
      const to = at(t + 0.5 + next());
      const gain = 10 ** ((3 + next()) / 20);
      let first = -1;
      let last = -1;
      for (const x of [l, r]) {
        let run = 0;
        for (let i = at(t); i < to; i++) {
          // Faded in and out over 10 ms, as a gain in a DAW is: a sudden step would add a click of its own.
          x[i] = Math.max(-1, Math.min(1, x[i] * (1 + (gain - 1) * fade(i, at(t), to, rate))));
          run = Math.abs(x[i]) >= 1 ? run + 1 : 0;
          if (run >= 3) {
            if (first < 0 || i - 2 < first) first = i - 2;
            last = Math.max(last, i);
          }
        }
      }
      if (first >= 0) out.push({ kind, start: first / rate, end: last / rate });
    }
  } else if (kind === 'over') {
    // A bright burst at a quarter of the rate, its samples at 0.71 of a peak that lies between them.
    for (const t of twoTimes(next, () => true, 0.1, seconds)) {
      const amplitude = 1.05 + 0.25 * next();
      const to = at(t + 0.03 + 0.05 * next());
      for (const x of [l, r]) for (let i = at(t); i < to; i++) x[i] = 0.05 * x[i] + amplitude * Math.sin((Math.PI / 2) * i + Math.PI / 4);
      out.push({ kind, start: t, end: to / rate });
    }
  } else if (kind === 'mono') {
    // The right channel turned upside down where the two were alike.
    for (const t of twoTimes(next, (t) => loud(t) && correlation(l, r, at(t), at(t + 3)) > 0.5, 4, seconds)) {
      const to = at(t + 2 + 2 * next());
      for (let i = at(t); i < to; i++) r[i] *= 1 - 2 * fade(i, at(t), to, rate);
      out.push({ kind, start: t, end: to / rate });
    }
  } else if (kind === 'dropout') {
    for (const t of twoTimes(next, loud, 0.3, seconds)) {
      const to = at(t + 0.01 + 0.19 * next());
      l.fill(0, at(t), to);
      r.fill(0, at(t), to);
      out.push({ kind, start: t, end: to / rate });
    }
  } else if (kind === 'click') {
    for (const t of twoTimes(next, loud, 0, seconds)) {
      const x = next() < 0.5 ? l : r;
      x[at(t)] = Math.max(-1, Math.min(1, x[at(t)] + (next() < 0.5 ? -1 : 1) * (0.15 + 0.35 * next())));
      out.push({ kind, start: t, end: t });
    }
  } else if (kind === 'jump') {
    // A gain change held for 6 s: two jumps, up (or down) and back.
    // Where the music itself keeps its level (each second of the four around within 3 dB of the others), so
    // that the jump is the gain's, not a section of the song starting.
    const steady = (t: number) =>
      [0, 1, 2, 3].every((k) => Math.abs(20 * Math.log10(rms(l, at(t - 2 + k), at(t - 1 + k)) / rms(l, at(t - 2), at(t + 2)))) < 3);
    const [t] = twoTimes(next, (t) => steady(t) && steady(t + 6), 8, seconds);
    // An excerpt with no such place gets no jump, rather than one counted and never findable.
    if (t === undefined) return out;
    const db = (next() < 0.5 ? -1 : 1) * (6 + 6 * next());
    const back = t + 6;
    const gain = 10 ** (db / 20);
    for (const x of [l, r]) for (let i = at(t); i < at(back); i++) x[i] *= 1 + (gain - 1) * fade(i, at(t), at(back), rate);
    out.push({ kind, start: t, end: t }, { kind, start: back, end: back });
  } else if (kind === 'dc') {
    for (const t of twoTimes(next, () => true, 5, seconds)) {
      const offset = (next() < 0.5 ? -1 : 1) * (0.02 + 0.04 * next());
      const to = at(t + 3 + 2 * next());
      for (const x of [l, r]) for (let i = at(t); i < to; i++) x[i] += offset * fade(i, at(t), to, rate);
      out.push({ kind, start: t, end: to / rate });
    }
  } else if (kind === 'lowEnd') {
    for (const t of twoTimes(next, loud, 5, seconds)) {
      const to = at(t + 3 + 2 * next());
      const boost = 10 ** ((12 + 4 * next()) / 20) - 1;
      const added = new Float32Array(to - at(t));
      for (const x of [l, r]) {
        const band = lowBand(x, at(t), to, rate);
        for (let i = at(t); i < to; i++) {
          const more = boost * band[i - at(t)] * fade(i, at(t), to, rate);
          x[i] += more;
          added[i - at(t)] += more * more;
        }
      }
      out.push({ kind, ...heard(added, t, rate) });
    }
  }
  return out;
}

/** How loud each kind's copy is (its peak): room for what the defect adds, so it adds no other defect. */
const PEAK: Partial<Record<FindingKind, number>> = { clip: 0.9, jump: 0.2, lowEnd: 0.1 };

/**
 * A low-end build-up is measured against the track's own balance: its copies are a minute long, so that two
 * build-ups are a part of the music, as in a real track, not half of it. A recording shorter than that plays
 * through again (these are game music, made to loop): two build-ups in kufrik's 25 s alone were a third of it
 * and moved its balance 4.3 dB towards their own.
 */
const SECONDS: Partial<Record<FindingKind, number>> = { lowEnd: 60 };

/** The excerpt: `seconds` from a quarter in (or the end), at -6 dBFS peak. */
function excerpt({ channels, rate }: { channels: Float32Array[]; rate: number }, seconds = EXCERPT_SECONDS): Float32Array[] {
  const from = Math.floor(Math.min(channels[0].length / 4, Math.max(0, channels[0].length - seconds * rate)));
  const cut = channels.map((c) => {
    const out = new Float32Array(Math.min(seconds * rate, Math.max(c.length, seconds === EXCERPT_SECONDS ? 0 : seconds * rate)));
    for (let at = 0; at < out.length; at += c.length - from) out.set(c.subarray(from, from + out.length - at), at);
    return out;
  });
  let peak = 0;
  for (const c of cut) for (const v of c) peak = Math.max(peak, Math.abs(v));
  for (const c of cut) for (let i = 0; i < c.length; i++) c[i] *= 0.5 / (peak || 1);
  return cut;
}

async function findingsOf(channels: Float32Array[], rate: number, file: string): Promise<Finding[]> {
  const wav = new WavWriter(file);
  wav.write(channels, channels[0].length, rate);
  wav.close();
  return (await analyseAudioFile(file)).findings ?? [];
}

/**
 * Whether a clip, an over or an offset found on an untouched recording is really in its samples, by code of
 * the bench's own: three full-scale samples in a row; a point above full scale between two samples by a 64-tap
 * windowed sinc at eight points between them (the detectors use 12 taps at four); a mean beyond 1.5%.
 */
function measuredReal(f: Finding, [l, r]: Float32Array[], rate: number): boolean {
  const from = Math.max(32, Math.floor((f.start - 0.01) * rate));
  const to = Math.min(l.length - 33, Math.ceil((f.end + 0.01) * rate));
  // An offset: either channel's mean over the span, summed here, is beyond the detector's limit.
  if (f.kind === 'dc')
    return [l, r].some((x) => Math.abs(x.subarray(from, to).reduce((a, b) => a + b, 0) / Math.max(1, to - from)) > 0.015);
  for (const x of [l, r]) {
    let run = 0;
    for (let i = from; i < to; i++) {
      if (f.kind === 'clip') {
        run = Math.abs(x[i]) >= 0.9999 ? run + 1 : 0;
        if (run >= 3) return true;
      } else if (f.kind === 'over' && Math.max(Math.abs(x[i]), Math.abs(x[i + 1])) > 0.7) {
        for (let p = 1; p < 8; p++) {
          let y = 0;
          for (let j = -31; j <= 32; j++) {
            const t = j - p / 8;
            y += x[i + j] * (Math.sin(Math.PI * t) / (Math.PI * t)) * (0.5 + 0.5 * Math.cos((Math.PI * t) / 32));
          }
          if (Math.abs(y) > 1) return true;
        }
      }
    }
  }
  return false;
}

type PerKind = Record<FindingKind, { injected: number; hits: number; findings: number; falseFindings: number }>;

export interface SetResult {
  /** Per kind: defects injected, found, findings, and findings that are false (the controls' included), per draw. */
  perDraw: PerKind[];
  controls: { files: number; seconds: number; falseFindings: { file: string; finding: Finding }[]; measured: number };
}

/**
 * Builds the set, analyses it, and scores each detector, per draw: a draw's copies take their defects' times and
 * levels from seeds of their own (the first draw's are the set's); the controls are the same in every draw.
 */
export async function scoreFindings(expectedPath: string, draws: number[] = [0]): Promise<SetResult> {
  const expected: Record<string, { kind: FindingKind; start: number }[]> = JSON.parse(fs.readFileSync(expectedPath, 'utf8')).controls;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-findings-'));
  const perDraw = draws.map(
    () => Object.fromEntries(DETECTORS.map((k) => [k, { injected: 0, hits: 0, findings: 0, falseFindings: 0 }])) as PerKind,
  );
  const controls: SetResult['controls'] = { files: 0, seconds: 0, falseFindings: [], measured: 0 };
  const listed = (name: string, f: Finding) =>
    (expected[name] ?? []).some((e) => e.kind === f.kind && Math.abs(e.start - f.start) <= TOLERANCE);
  const control = (name: string, found: Finding[], seconds: number, audio: { channels: Float32Array[]; rate: number }) => {
    controls.files++;
    controls.seconds += seconds;
    for (const f of found) {
      for (const perKind of perDraw) perKind[f.kind].findings++;
      if (measuredReal(f, audio.channels, audio.rate)) controls.measured++;
      else if (!listed(name, f)) {
        for (const perKind of perDraw) perKind[f.kind].falseFindings++;
        controls.falseFindings.push({ file: name, finding: f });
      }
    }
  };
  try {
    for (const [n, file] of recordings().entries()) {
      const name = path.basename(file);
      const sink = new Collect();
      const whole = await analyseAudioFile(file, sink);
      const audio = sink.audio();
      control(name, whole.findings ?? [], whole.duration, audio);
      const clean = excerpt(audio);
      control(`${name} excerpt`, await findingsOf(clean, audio.rate, path.join(dir, 'clean.wav')), EXCERPT_SECONDS, {
        channels: clean,
        rate: audio.rate,
      });
      for (const [d, perKind] of perDraw.entries())
        for (const [k, kind] of DETECTORS.entries()) {
          const base = SECONDS[kind] ? excerpt(audio, SECONDS[kind]) : clean;
          const channels = base.map((c) => c.map((v) => (v * (PEAK[kind] ?? 0.5)) / 0.5));
          const injected = inject(kind, channels, audio.rate, random(1000 * n + k + 1 + draws[d]));
          const found = await findingsOf(channels, audio.rate, path.join(dir, `${kind}.wav`));
          perKind[kind].injected += injected.length;
          for (const i of injected)
            if (found.some((f) => f.kind === kind && Math.abs(f.start - i.start) <= TOLERANCE)) perKind[kind].hits++;
          for (const f of found) {
            perKind[f.kind].findings++;
            // A finding on an injected defect is a true one even where it starts later (a second clipped run in it);
            // so is one of another kind that is really in the copy's samples (the overs a clip made), as on a control.
            const hit =
              injected.some((i) => i.kind === f.kind && f.start <= i.end + TOLERANCE && f.end >= i.start - TOLERANCE) ||
              measuredReal(f, channels, audio.rate);
            if (!hit) perKind[f.kind].falseFindings++;
            if (!hit && process.env.SNIP_FINDINGS_DEBUG) console.log('   false', name, kind, JSON.stringify(f), JSON.stringify(injected));
          }
          if (process.env.SNIP_FINDINGS_DEBUG)
            for (const i of injected)
              if (!found.some((f) => f.kind === kind && Math.abs(f.start - i.start) <= TOLERANCE))
                console.log('   missed', name, JSON.stringify(i), JSON.stringify(found.filter((f) => f.kind === kind)));
        }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { perDraw, controls };
}

/**
 * Seconds to analyse `file` without and with the findings, in pairs (each first in turn): the ratios of their
 * min and median, and the median of the pairs' differences (seconds the findings add).
 */
export async function findingsCost(file: string, pairs = 5) {
  const timed = async (findings: boolean) => {
    const start = performance.now();
    await analyseAudioFile(file, undefined, { findings });
    return (performance.now() - start) / 1000;
  };
  const without: number[] = [];
  const withIt: number[] = [];
  for (let i = 0; i < pairs; i++) for (const on of i % 2 ? [false, true] : [true, false]) (on ? withIt : without).push(await timed(on));
  const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
  const [w, o] = [sorted(withIt), sorted(without)];
  const added = sorted(withIt.map((v, i) => v - without[i]))[Math.floor(pairs / 2)];
  return { min: w[0] / o[0], median: w[Math.floor(pairs / 2)] / o[Math.floor(pairs / 2)], withoutMedian: o[Math.floor(pairs / 2)], added };
}

/**
 * Nanoseconds a frame that measuring decoded samples takes (no decoding: the recording's samples already in
 * memory, pushed in decoder-sized chunks), with the report and its findings vs the report alone (floor), in
 * alternating rounds: min over the rounds of each, so that the figure is the work's, not the machine's moods.
 */
function measuringCost({ channels, rate }: { channels: Float32Array[]; rate: number }, rounds = 9) {
  const frames = channels[0].length;
  const timed = (findings: boolean) => {
    const measure = new Measure(undefined, { findings });
    const start = performance.now();
    for (let i = 0; i < frames; i += 4096) {
      const n = Math.min(4096, frames - i);
      const buffers = measure.frameBuffers(channels.length, n);
      buffers.forEach((b, c) => b.set(channels[c].subarray(i, i + n)));
      measure.addPlanar(buffers, rate);
    }
    measure.loudness?.result();
    measure.findings?.result();
    return ((performance.now() - start) * 1e6) / frames;
  };
  const withIt: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < rounds; i++) for (const on of i % 2 ? [false, true] : [true, false]) (on ? withIt : without).push(timed(on));
  return { withIt: Math.min(...withIt), without: Math.min(...without) };
}

export async function benchFindings() {
  console.log(
    '\n8. Analysis findings: precision and recall per detector on defects injected into real recordings (+/- 0.25 s), and their cost',
  );
  const expectedPath = new URL('./findings-expected.json', import.meta.url).pathname;
  // The set's own draw, then four more of its copies' times and levels: how far its figures are the draw's luck.
  const { perDraw, controls } = await scoreFindings(expectedPath, DRAWS);
  const [perKind, ...others] = perDraw;
  const scores = (k: SetResult['perDraw'][number][FindingKind]) => {
    const precision = k.findings ? (k.findings - k.falseFindings) / k.findings : 1;
    const recall = k.injected ? k.hits / k.injected : 1;
    return `${fmt(precision, 2).padStart(9)}  ${fmt(recall, 2).padStart(6)}`;
  };
  console.log(`   detector          injected  found  precision  recall    ${others.length} more draws: injected  found  precision  recall`);
  for (const kind of DETECTORS) {
    const k = perKind[kind];
    const more = { injected: 0, hits: 0, findings: 0, falseFindings: 0 };
    for (const o of others) for (const f of Object.keys(more) as (keyof typeof more)[]) more[f] += o[kind][f];
    console.log(
      `   ${kind.padEnd(16)}  ${String(k.injected).padStart(8)}  ${String(k.hits).padStart(5)}  ${scores(k)}    ${' '.repeat(`${others.length} more draws: `.length)}${String(more.injected).padStart(8)}  ${String(more.hits).padStart(5)}  ${scores(more)}`,
    );
  }
  console.log(
    `   controls: ${controls.files} files, ${fmt(controls.seconds / 60, 1)} minutes untouched: ${controls.measured} clips, overs and offsets really in their samples (measured by the bench's own code), ${controls.falseFindings.length} false finding${controls.falseFindings.length === 1 ? '' : 's'} (${fmt(controls.falseFindings.length / (controls.seconds / 60), 2)} a minute)`,
  );
  for (const { file, finding } of controls.falseFindings) console.log(`     ${file}: ${JSON.stringify(finding)}`);
  // The cost, on the longest recording as it is (Vorbis) and as a WAV, where decoding costs least.
  const ogg = recordings()[0];
  const sink = new Collect();
  await analyseAudioFile(ogg, sink);
  const audio = sink.audio();
  const wav = path.join(os.tmpdir(), `snip-findings-cost-${process.pid}.wav`);
  const writer = new WavWriter(wav);
  writer.write(audio.channels, audio.channels[0].length, audio.rate);
  writer.close();
  const measuring = measuringCost(audio);
  console.log(
    `   measuring its decoded samples (${audio.rate / 1000} kHz stereo) with the findings vs without (floor), 9 rounds, min:  ${fmt(measuring.withIt, 1)} vs ${fmt(measuring.without, 1)} ns a frame  (ratio ${fmt(measuring.withIt / measuring.without, 2)}; the findings ${fmt(measuring.withIt - measuring.without, 1)} ns a frame)`,
  );
  try {
    for (const [label, file] of [
      [`${fmt(audio.channels[0].length / audio.rate / 60, 1)}-minute Ogg Vorbis`, ogg],
      ['the same as a 16-bit WAV', wav],
    ]) {
      const cost = await findingsCost(file);
      console.log(
        `   decoding and measuring ${label} with the findings vs without (floor), 5 pairs, min / median:  ${fmt(cost.min, 2)} / ${fmt(cost.median, 2)} x  (${fmt(cost.withoutMedian, 2)} s without)`,
      );
    }
  } finally {
    fs.rmSync(wav, { force: true });
  }
}
