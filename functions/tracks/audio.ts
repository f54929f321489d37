/**
 * What an uploaded file really is: its bytes are parsed and decoded, whatever its name or declared type, to get the
 * duration, the waveform peaks the player draws without the audio file, and the technical report.
 *
 * Each container is read by our own parser (functions/tracks/audio/) with random access to the file, so an index
 * at the end (an M4A's moov) or tags of any size cost nothing; the compressed codecs are decoded by the @audio
 * packages, loaded only when a file of their format arrives. Decoding streams, chunk by chunk: memory stays flat
 * whatever the duration. Anything a decoder throws or rejects becomes an AudioRejected: a bad file never crashes
 * the process nor surfaces as another error.
 */
import { MAX_TRACK_BYTES } from '../../shared/constants.js';
import { checkAccounted, foldPeaks, Measure, type ContainerResult, type PcmSink } from './audio/measure.js';
import { FindingsThread, FindingsThreadFailed } from './audio/findings-thread.js';
import type { TechnicalReport } from './audio/loudness.js';
import type { Finding } from '../../shared/findings.js';
import { WavWriter, writtenWavBlocks, writtenWavShape } from './audio/wav-writer.js';
import { AudioRejected, REASONS } from './audio/rejected.js';
import { openFile, type ByteSource } from './audio/source.js';
import { sniff, type Container } from './audio/sniff.js';
import { analyseAiff, analyseWav } from './audio/pcm.js';
import { analyseAdts, analyseMp3 } from './audio/mpeg.js';
import { analyseFlac } from './audio/flac.js';
import { analyseOgg } from './audio/ogg.js';
import { analyseMp4 } from './audio/mp4.js';

export { AudioRejected, foldPeaks, REASONS, writtenWavBlocks, writtenWavShape };

export interface AudioFacts {
  /** 'mp3' | 'wav' | 'aiff' | 'flac' | 'ogg' (Vorbis, Ogg FLAC) | 'opus' | 'm4a' (AAC, ALAC) | 'aac' (ADTS). */
  format: string;
  /** Seconds of decoded audio. */
  duration: number;
  sampleRate: number;
  /** PEAKS_COUNT peaks, 0-255. */
  peaks: Uint8Array;
  /** False when browsers cannot be relied on to play the file as it is: see writePlayableCopy. */
  browserPlayable: boolean;
  /** Loudness, peaks, clipping and the short-term loudness per second (null when not asked for). */
  report: TechnicalReport | null;
  /** What analysis found, each at its times (null when not asked for). */
  findings: Finding[] | null;
}

const ANALYSERS: Record<Container, (src: ByteSource, start: number, measure: Measure) => Promise<ContainerResult>> = {
  wav: (src, _start, m) => analyseWav(src, m),
  aiff: (src, _start, m) => analyseAiff(src, m),
  mp4: (src, _start, m) => analyseMp4(src, m),
  ogg: (src, _start, m) => analyseOgg(src, m),
  flac: analyseFlac,
  mp3: analyseMp3,
  adts: analyseAdts,
};

/**
 * System failures (I/O, a module missing from the bundle, the findings' thread failing) say nothing about the
 * file: they are not rejections.
 */
function isSystemError(err: unknown): boolean {
  if (err instanceof FindingsThreadFailed) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(E[A-Z]+|ERR_MODULE_NOT_FOUND)$/.test(code);
}

/** What to measure besides the duration and the peaks. */
export interface AnalyseOptions {
  /** The technical report (default true). */
  report?: boolean;
  /**
   * Analysis findings, with the report (default true): in a thread of their own from FINDINGS_THREAD_BYTES on,
   * or always with 'thread'.
   */
  findings?: boolean | 'thread';
}

/**
 * From this size on (a few minutes of MP3, half a minute of WAV) the findings run in a thread of their own
 * (./audio/findings-thread.ts): their work is then longer than the thread takes to start.
 */
const FINDINGS_THREAD_BYTES = 4 * 1024 * 1024;

async function analyseSource(src: ByteSource, sink?: PcmSink, { findings = true, ...options }: AnalyseOptions = {}): Promise<AudioFacts> {
  if (src.size === 0) throw new AudioRejected(REASONS.empty);
  if (src.size > MAX_TRACK_BYTES) throw new AudioRejected(REASONS.tooLarge);
  const measure = new Measure(sink, { ...options, findings: findings === true && src.size >= FINDINGS_THREAD_BYTES ? 'thread' : findings });
  try {
    const { container, start } = await sniff(src);
    const result = await ANALYSERS[container](src, start, measure);
    if (measure.frames === 0 || !(measure.sampleRate > 0)) throw new AudioRejected(REASONS.noSound);
    checkAccounted({ fileBytes: src.size, audioBytes: result.audioBytes, metadataBytes: result.metadataBytes });
    return {
      format: result.format,
      duration: measure.seconds,
      sampleRate: measure.sampleRate,
      peaks: foldPeaks(measure.meter.result()),
      browserPlayable: measure.browserPlayable,
      report: measure.loudness?.result() ?? null,
      findings: (await measure.findings?.result()) ?? null,
    };
  } catch (err) {
    if (measure.findings instanceof FindingsThread) measure.findings.close();
    if (err instanceof AudioRejected || isSystemError(err)) throw err;
    throw new AudioRejected(measure.frames > 0 ? REASONS.damaged : REASONS.notAudio);
  }
}

/**
 * Reads a local file with random access (so moov-at-end works), sniffs, decodes (streaming) and measures. Throws
 * AudioRejected for anything unreadable; never anything else for a bad file (a missing file or an I/O failure
 * still throws its own error).
 */
export async function analyseAudioFile(filePath: string, sink?: PcmSink, options?: AnalyseOptions): Promise<AudioFacts> {
  const src = await openFile(filePath);
  try {
    return await analyseSource(src, sink, options);
  } finally {
    await src.close();
  }
}

/**
 * Decodes the file again into a 16-bit PCM WAV that every browser plays, for audio analyseAudioFile found
 * not `browserPlayable` (the rare formats: decoding twice costs them alone). Same duration, same peaks.
 */
export async function writePlayableCopy(filePath: string, outPath: string): Promise<AudioFacts> {
  const wav = new WavWriter(outPath);
  try {
    const facts = await analyseAudioFile(filePath, wav, { report: false });
    wav.close();
    return facts;
  } catch (err) {
    wav.abandon();
    throw err;
  }
}
