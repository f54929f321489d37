import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { TrackView } from '@shared/schemas/tracks';
import { loudnessMatch } from '@shared/technical-report';
import { Alert } from '@/components/alert';
import { formatTime, WaveformBars } from '@/components/audio-player';
import { PauseIcon, PlayIcon } from '@/components/icons';
import { SelectField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { getTrackUrl } from '@/features/tracks/api/tracks';
import '@/features/tracks/version-compare.css';

type Side = 'A' | 'B';

const label = (v: TrackView) => `v${v.version}`;

/**
 * A/B between two versions of a track at the same playhead: A and B (buttons, or the keys A and B) switch
 * which one is heard without moving in time. With loudness matching on (the default) the louder version is
 * turned down to the other's integrated loudness, so neither wins by being louder; it says by how much.
 * Each version streams in an audio element of its own (never decoded whole), asked for at the first play.
 */
export function VersionCompare({ id, versions }: { id: string; versions: TrackView[] }) {
  const ready = versions.filter((v) => v.status === 'ready');
  const [aId, setAId] = useState(() => ready[ready.length - 2]?.id ?? '');
  const [bId, setBId] = useState(() => ready[ready.length - 1]?.id ?? '');
  const a = ready.find((v) => v.id === aId) ?? ready[0];
  const b = ready.find((v) => v.id === bId) ?? ready[ready.length - 1];
  const [side, setSide] = useState<Side>('A');
  const [matching, setMatching] = useState(true);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const audio = { A: useRef<HTMLAudioElement>(null), B: useRef<HTMLAudioElement>(null) };
  const loaded = useRef<{ A?: string; B?: string }>({});

  const match = loudnessMatch(
    { label: label(a), integratedLufs: a.report?.integratedLufs },
    { label: label(b), integratedLufs: b.report?.integratedLufs },
  );
  const gains = matching && match ? { A: match.gainA, B: match.gainB } : { A: 1, B: 1 };
  useEffect(() => {
    for (const s of ['A', 'B'] as const) if (audio[s].current) audio[s].current.volume = gains[s];
  });

  /** Both elements given their version's link (once per version), so a switch plays at once. */
  const load = useCallback(async () => {
    for (const [s, v] of [
      ['A', a],
      ['B', b],
    ] as const) {
      const el = audio[s].current;
      if (!el || loaded.current[s] === v.id) continue;
      el.src = await getTrackUrl(v.id);
      loaded.current[s] = v.id;
    }
    // The refs are stable; the versions decide what is loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [a.id, b.id]);

  const heard = () => audio[side].current;

  const toggle = async () => {
    const el = heard();
    if (!el) return;
    if (!el.paused) return el.pause();
    try {
      setError(null);
      await load();
      el.currentTime = time;
      await el.play();
    } catch (err) {
      setError(errorMessage(err, 'The audio could not be played'));
    }
  };

  /** The other version takes over at the same second; it plays if the first one was playing. */
  const switchTo = (next: Side) => {
    if (next === side) return;
    const from = audio[side].current;
    const to = audio[next].current;
    setSide(next);
    if (!from || !to) return;
    const at = from.currentTime || time;
    const wasPlaying = !from.paused;
    from.pause();
    if (to.src) to.currentTime = Math.min(at, to.duration || at);
    if (wasPlaying) void to.play().catch((err) => setError(errorMessage(err, 'The audio could not be played')));
  };

  // A new pair starts from the top.
  useEffect(() => {
    for (const s of ['A', 'B'] as const) audio[s].current?.pause();
    setTime(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [a.id, b.id]);

  const seek = (t: number) => {
    setTime(t);
    const el = heard();
    if (el?.src) el.currentTime = t;
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement) return;
    const key = e.key.toLowerCase();
    if (key === 'a' || key === 'b') {
      e.preventDefault();
      switchTo(key.toUpperCase() as Side);
    }
  };

  const duration = Math.max(a.duration, b.duration);
  const shown = side === 'A' ? a : b;

  return (
    // The panel takes A and B wherever the focus is inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section id={id} className="version-compare" aria-label="Compare versions" onKeyDown={onKeyDown} data-testid="version-compare">
      <div className="version-compare-pick">
        <SelectField label="A" value={a.id} onChange={setAId} data-testid="compare-a">
          {ready.map((v) => (
            <option key={v.id} value={v.id}>
              {label(v)}
            </option>
          ))}
        </SelectField>
        <SelectField label="B" value={b.id} onChange={setBId} data-testid="compare-b">
          {ready.map((v) => (
            <option key={v.id} value={v.id}>
              {label(v)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="version-compare-deck">
        <button
          type="button"
          className="player-play"
          onClick={() => void toggle()}
          aria-label={playing ? 'Pause' : 'Play'}
          data-testid="compare-play"
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <div className="segmented" role="group" aria-label="Version heard (keys A and B)">
          {(['A', 'B'] as const).map((s) => (
            <button
              key={s}
              type="button"
              className="segmented-item"
              aria-pressed={side === s}
              aria-keyshortcuts={s}
              onClick={() => switchTo(s)}
              data-testid={`compare-${s}`}
            >
              {s}: {label(s === 'A' ? a : b)}
            </button>
          ))}
        </div>
        <span className="player-time" data-testid="compare-time">
          {formatTime(time)} / {formatTime(duration)}
        </span>
      </div>
      <div className="version-compare-wave">
        <WaveformBars peaks={shown.peaks} />
        <input
          type="range"
          className="version-compare-seek"
          min={0}
          max={Math.max(1, Math.floor(duration))}
          step={1}
          value={Math.floor(time)}
          onChange={(e) => seek(Number(e.target.value))}
          aria-label="Position"
          aria-valuetext={formatTime(time)}
          data-testid="compare-seek"
        />
      </div>
      <label className="checkbox-label small">
        <input type="checkbox" checked={matching} onChange={(e) => setMatching(e.target.checked)} data-testid="compare-match" />
        Match loudness
      </label>
      <p className="muted small" role="status" data-testid="compare-match-text">
        {!match
          ? 'Loudness cannot be matched: a version has not been measured yet.'
          : matching
            ? match.text
            : 'Played as they are: the louder one may sound better for being louder.'}
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      {(['A', 'B'] as const).map((s) => (
        <audio
          key={s}
          ref={audio[s]}
          preload="none"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onTimeUpdate={(e) => s === side && setTime(e.currentTarget.currentTime)}
          data-testid={`compare-audio-${s}`}
        />
      ))}
    </section>
  );
}
