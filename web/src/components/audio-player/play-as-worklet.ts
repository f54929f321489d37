/**
 * The player's 'Play as' in the audio thread: the chosen service's gain, and Spotify Loud's limiter
 * (@shared/limiter), on the media element's audio, telling the page the output's peak every PEAK_EVERY.
 * Loaded by ./use-play-as.ts as a module of its own.
 */
import { Limiter } from '@shared/limiter';
import { LOUD_LIMITER } from '@shared/play-as';

// The AudioWorklet scope's own names, which the DOM library does not declare.
declare const sampleRate: number;
declare function registerProcessor(name: string, processor: new () => object): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

export interface PlayAsMessage {
  gain: number;
  limiting: boolean;
  /** Which choice this is: each peak told names the choice it was played under. */
  choice: number;
}

/** The output's peak is told to the page this often (seconds): often enough that a pause leaves little untold. */
const PEAK_EVERY = 0.05;

class PlayAsProcessor extends AudioWorkletProcessor {
  private readonly limiter = new Limiter({ rate: sampleRate, ...LOUD_LIMITER });
  private peak = 0;
  private frames = 0;
  private choice = 0;
  /** Samples still to leave that went in before the choice (the limiter's latency): not measured for it. */
  private settling = 0;

  constructor() {
    super();
    this.port.onmessage = ({ data }: MessageEvent<PlayAsMessage>) => {
      this.limiter.gain = data.gain;
      this.limiter.limiting = data.limiting;
      this.choice = data.choice;
      this.peak = 0;
      this.frames = 0;
      this.settling = this.limiter.latency + 1;
    };
  }

  process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const input = inputs[0];
    const output = outputs[0];
    if (!input?.length) return true;
    output.forEach((c, i) => c.set(input[Math.min(i, input.length - 1)]));
    const n = output[0].length;
    this.limiter.process(output, n);
    const from = Math.min(n, this.settling);
    this.settling -= from;
    for (const c of output) for (let i = from; i < n; i++) this.peak = Math.max(this.peak, Math.abs(c[i]));
    this.frames += n - from;
    if (this.frames >= PEAK_EVERY * sampleRate) {
      this.port.postMessage({ peak: this.peak, choice: this.choice });
      this.peak = 0;
      this.frames = 0;
    }
    return true;
  }
}

registerProcessor('snip-play-as', PlayAsProcessor);
