import { useMemo } from 'react';
import { decodePeaks, downsamplePeaks } from './peaks';
import './audio-player.css';

const STEP = 3;
const BAR = 2;

/** The path of a bar chart of `values` (0-1), bars centred on the middle line of a 100-unit box. */
export function barsPath(values: number[]): string {
  return values
    .map((v, i) => {
      const h = Math.max(2, Math.min(100, v * 100));
      return `M${i * STEP} ${((100 - h) / 2).toFixed(1)}h${BAR}v${h.toFixed(1)}h-${BAR}z`;
    })
    .join('');
}

/**
 * A static drawing of stored peaks (no audio, no library): shown while the player loads and under the
 * snippet editor's handles.
 */
export function WaveformBars({ peaks, bars = 180, className }: { peaks: string; bars?: number; className?: string }) {
  const d = useMemo(() => barsPath(downsamplePeaks(decodePeaks(peaks), bars)), [peaks, bars]);
  return (
    <svg
      className={`waveform-bars${className ? ` ${className}` : ''}`}
      viewBox={`0 0 ${bars * STEP - (STEP - BAR)} 100`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
