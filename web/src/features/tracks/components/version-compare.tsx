import { useState, type KeyboardEvent } from 'react';
import type { TrackView } from '@shared/schemas/tracks';
import { Alert } from '@/components/alert';
import { SeekWave } from '@/components/audio-player';
import { shortcutLetter } from '@/lib/shortcut-keys';
import { useAbGains } from '@/features/tracks/hooks/use-ab-gains';
import { SIDES, useAbAudio, useAbPlayback, type Side } from '@/features/tracks/hooks/use-ab-playback';
import { CompareDeck, CompareLevels, VersionSelect } from './version-compare-controls';
import '@/features/tracks/version-compare.css';

/**
 * A/B between two versions of a track at the same playhead: A and B (buttons, or the keys A and B) switch
 * which one is heard without moving in time. With loudness matching on (the default) the louder version is
 * turned down to the other's integrated loudness, so neither wins by being louder; it says by how much. 'Play
 * both as' a service plays each at the level that service would (../hooks/use-ab-gains.ts).
 * Each version streams in an audio element of its own (never decoded whole), asked for at the first play.
 */
export function VersionCompare({ id, versions }: { id: string; versions: TrackView[] }) {
  const ready = versions.filter((v) => v.status === 'ready');
  const [aId, setAId] = useState(() => ready[ready.length - 2]?.id ?? '');
  const [bId, setBId] = useState(() => ready[ready.length - 1]?.id ?? '');
  const a = ready.find((v) => v.id === aId) ?? ready[0];
  const b = ready.find((v) => v.id === bId) ?? ready[ready.length - 1];
  const audio = useAbAudio();
  const gains = useAbGains(a, b, audio);
  const playback = useAbPlayback(a, b, audio, gains.beforePlay);

  // A and B switch wherever the focus is in the panel, its slider included (lib/shortcut-keys.ts).
  const onKeyDown = (e: KeyboardEvent) => {
    const key = shortcutLetter(e);
    if (key === 'a' || key === 'b') {
      e.preventDefault();
      playback.switchTo(key.toUpperCase() as Side);
    }
  };

  const duration = Math.max(a.duration, b.duration);
  const shown = playback.side === 'A' ? a : b;

  return (
    // The panel takes A and B wherever the focus is inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section id={id} className="version-compare" aria-label="Compare versions" onKeyDown={onKeyDown} data-testid="version-compare">
      <div className="version-compare-pick">
        <VersionSelect label="A" value={a.id} onChange={setAId} versions={ready} testId="compare-a" />
        <VersionSelect label="B" value={b.id} onChange={setBId} versions={ready} testId="compare-b" />
      </div>
      <CompareDeck
        a={a}
        b={b}
        side={playback.side}
        playing={playback.playing}
        time={playback.time}
        duration={duration}
        onToggle={() => void playback.toggle()}
        onSwitch={playback.switchTo}
      />
      <SeekWave peaks={shown.peaks} time={playback.time} duration={duration} onSeek={playback.seek} />
      <CompareLevels a={a} b={b} side={playback.side} gains={gains} />
      {playback.error && <Alert tone="error">{playback.error}</Alert>}
      {SIDES.map((s) => (
        <audio key={s} {...playback.audioProps(s)} preload="none" crossOrigin="anonymous" data-testid={`compare-audio-${s}`} />
      ))}
    </section>
  );
}
