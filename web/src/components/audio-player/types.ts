import type { ReactNode, Ref } from 'react';
import type { Measured } from '@shared/play-as';

/** What the player needs of a track: its stored peaks and duration draw the waveform without the audio. */
export interface PlayableTrack {
  id: string;
  title: string;
  /** Seconds. */
  duration: number;
  /** Base64 of the stored peaks (bytes 0-255). */
  peaks: string;
  /** What its technical report measured: with it, the player offers 'Play as' a streaming service. */
  loudness?: Measured | null;
}

export interface AudioPlayerHandle {
  /** Plays from `start` and stops at `end` (seconds). */
  playRange(start: number, end: number): Promise<void>;
  pause(): void;
  isPlaying(): boolean;
  /** Moves the playhead (seconds), playing or not. */
  seek(time: number): void;
  /** Where the playhead is (seconds). */
  getTime(): number;
  /** The ranges of the track played since the stream was loaded (seconds, [from, to]). */
  getPlayed(): [number, number][];
}

/** A point of the track marked on the waveform (e.g. a timestamped comment). */
export interface PlayerMarker {
  id: string;
  /** Seconds. */
  time: number;
  /** A range's end (seconds): drawn as a band from `time`. */
  end?: number;
  label: string;
  colour?: string;
  /** Drawn highlighted. */
  active?: boolean;
}

export interface AudioPlayerProps {
  track: PlayableTrack;
  /** The URL to stream from; asked for the first time the user plays (never to draw the waveform). */
  loadUrl: () => Promise<string>;
  /** A range shown highlighted over the waveform (e.g. the snippet being edited). */
  region?: { start: number; end: number } | null;
  /** Points marked on the waveform. */
  markers?: PlayerMarker[];
  /** Waveform height in pixels. */
  height?: number;
  onPlayingChange?: (playing: boolean) => void;
  /** Called as the playhead moves (about once a second while playing, and on every seek). */
  onTimeChange?: (seconds: number) => void;
  /** Shown under the waveform, as wide as it: strips drawn on its time scale (a range to drag, what was heard). */
  below?: ReactNode;
  ref?: Ref<AudioPlayerHandle>;
}

/** Whether the media element has the stream: not yet, being pointed at it, or ready. */
export interface SourceState {
  state: 'none' | 'loading' | 'ready';
  promise?: Promise<void>;
}
