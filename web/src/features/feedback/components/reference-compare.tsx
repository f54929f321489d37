import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { ReferenceView } from '@shared/schemas/references';
import { loudnessMatch } from '@shared/technical-report';
import { playAsLevel } from '@shared/play-as';
import { formatTime, SeekWave, usePlayAsRoute } from '@/components/audio-player';
import { Button } from '@/components/button';
import { Segmented } from '@/components/segmented';
import { errorMessage } from '@/lib/errors';
import { useReferencePlayback, type Side } from '@/features/feedback/hooks/use-reference-playback';
import { shortcutLetter } from '@/lib/shortcut-keys';

type Row = NonNullable<ReferenceView['comparison']>[number];

/** Rounded first, so that nothing reads '-0.0'. */
const tenths = (v: number) => Math.round(v * 10) / 10 + 0;
const shown = (v: number | null, unit: Row['unit']) =>
  v === null ? '-' : unit === '%' ? `${v.toFixed(0)}%` : `${tenths(v).toFixed(1)} ${unit}`;
const signed = (v: number | null, unit: Row['unit']) => {
  if (v === null) return '-';
  const d = tenths(v);
  return `${d > 0 ? '+' : d < 0 ? '\u2212' : '\u00b1'}${Math.abs(d).toFixed(1)} ${unit === '%' ? 'pts' : unit === 'LUFS' ? 'LU' : unit}`;
};

/**
 * The mix against one reference, as measured on the server: loudness, and each band's share of the whole and
 * its width (so as if both played equally loud). The differences a listener hears stand out; the reviewer can
 * make one a comment.
 */
export function ComparisonTable({ reference, onCite }: { reference: ReferenceView; onCite?: (citation: string) => Promise<unknown> }) {
  const [cited, setCited] = useState<string[]>([]);
  const [citing, setCiting] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const rows = reference.comparison ?? [];
  const cite = async (row: Row) => {
    if (!onCite || !row.citation) return;
    setCiting(row.id);
    setFailed(null);
    try {
      await onCite(row.citation);
      setCited((c) => [...c, row.id]);
    } catch (err) {
      setFailed(errorMessage(err, 'The comment could not be added. Please try again.'));
    } finally {
      setCiting(null);
    }
  };
  return (
    <>
      <p className="muted small">
        Bands are each one&apos;s share of the whole track, so they compare as if both played equally loud; width is the side&apos;s share
        of a band.
      </p>
      <div className="reference-compare-scroll">
        <table className="reference-compare" data-testid="reference-comparison">
          <caption className="visually-hidden">The mix against reference {reference.number}</caption>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">Mix</th>
              <th scope="col">Reference {reference.number}</th>
              <th scope="col">Difference</th>
              {onCite && (
                <th scope="col">
                  <span className="visually-hidden">Comment</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className={row.noteworthy ? 'reference-noteworthy' : undefined}
                data-testid="comparison-row"
                data-row={row.id}
              >
                <th scope="row">{row.label}</th>
                <td>{shown(row.mix, row.unit)}</td>
                <td>{shown(row.reference, row.unit)}</td>
                <td>{signed(row.difference, row.unit)}</td>
                {onCite && (
                  <td>
                    {row.noteworthy && row.citation && (
                      <Button
                        variant="secondary"
                        className="btn-sm"
                        onClick={() => void cite(row)}
                        busy={citing === row.id}
                        disabled={cited.includes(row.id) || citing !== null}
                        aria-label={`Add "${row.citation}" as a comment`}
                        data-testid="cite-difference"
                      >
                        {cited.includes(row.id) ? 'Added' : 'Add as comment'}
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {failed && (
        <p className="field-error" role="alert">
          {failed}
        </p>
      )}
    </>
  );
}

/** The side key M or R asks for (lib/shortcut-keys.ts says when a key is the panel's). */
function sideOfKey(e: KeyboardEvent): Side | null {
  return ({ m: 'mix', r: 'reference' } as const)[shortcutLetter(e) as 'm' | 'r'] ?? null;
}

/**
 * The same gain code as the versions' A/B and Play as: each element's audio through the worklet at its gain
 * (a volume, which iOS ignores, only where the browser cannot).
 */
function useMatchedGains(audio: Record<Side, RefObject<HTMLAudioElement | null>>, gains: Record<Side, number>) {
  const routes = {
    mix: usePlayAsRoute(audio.mix, playAsLevel('uploaded', null, gains.mix)),
    reference: usePlayAsRoute(audio.reference, playAsLevel('uploaded', null, gains.reference)),
  };
  useEffect(() => {
    for (const s of ['mix', 'reference'] as const) {
      const el = audio[s].current;
      if (el) el.volume = routes[s].error ? gains[s] : 1;
    }
  });
  return routes;
}

/**
 * One side's element: its time told only while it plays (a pause's last would undo a move of the playhead made
 * just after), and a pause or play from elsewhere (the system's media keys, a headset unplugged) told too.
 */
function SideAudio(props: {
  side: Side;
  audioRef: RefObject<HTMLAudioElement | null>;
  heard: boolean;
  onTime: (t: number) => void;
  onPlaying: (playing: boolean) => void;
  onEnd: () => void;
}) {
  const { side, audioRef, heard, onTime, onPlaying, onEnd } = props;
  return (
    <audio
      ref={audioRef}
      preload="none"
      crossOrigin="anonymous"
      onTimeUpdate={(e) => heard && !e.currentTarget.paused && onTime(e.currentTarget.currentTime)}
      onPlay={() => heard && onPlaying(true)}
      onPause={() => heard && onPlaying(false)}
      onEnded={() => heard && onEnd()}
      data-testid={`reference-audio-${side}`}
    />
  );
}

/**
 * The mix and a reference at the same loudness (the louder turned down), at the same playhead: switching plays
 * the other from where this one was, so the same passage is heard in both.
 */
export function ReferenceListen({
  reference,
  mix,
  mixUrl,
  referenceUrl,
}: {
  reference: ReferenceView;
  /** The mix as measured: its loudness, its waveform's peaks and its length. */
  mix: { integratedLufs: number | null; peaks: string; duration: number };
  mixUrl: () => Promise<string>;
  referenceUrl: () => Promise<string>;
}) {
  const label = `Reference ${reference.number}`;
  const audio = { mix: useRef<HTMLAudioElement>(null), reference: useRef<HTMLAudioElement>(null) };
  const status = useId();
  const match = loudnessMatch(
    { label: 'The mix', integratedLufs: mix.integratedLufs },
    { label, integratedLufs: reference.integratedLufs },
  );
  const routes = useMatchedGains(audio, { mix: match?.gainA ?? 1, reference: match?.gainB ?? 1 });

  const { side, playing, loading, time, error, toggle, seek, switchTo, ended, setTime, setPlaying } = useReferencePlayback({
    audio,
    url: { mix: mixUrl, reference: referenceUrl },
    duration: { mix: mix.duration, reference: reference.duration },
    // Both taken into the worklet at the first play (a user's gesture), so a switch later moves nothing.
    beforePlay: () => Promise.all([routes.mix.route(), routes.reference.route()]),
    failed: (s) => `${s === 'mix' ? 'The mix' : label} could not be played. Please try again.`,
  });
  const heard = side === 'mix' ? mix : { peaks: reference.peaks, duration: reference.duration };
  /** M and R switch wherever the focus is in the panel, as A and B do in the versions' A/B. */
  const onKeyDown = (e: KeyboardEvent) => {
    const next = sideOfKey(e);
    if (!next) return;
    e.preventDefault();
    switchTo(next);
  };
  return (
    // The panel takes M and R wherever the focus is inside it.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="reference-listen" data-testid="reference-listen" onKeyDown={onKeyDown}>
      {(['mix', 'reference'] as const).map((s) => (
        <SideAudio key={s} side={s} audioRef={audio[s]} heard={s === side} onTime={setTime} onPlaying={setPlaying} onEnd={ended} />
      ))}
      <div className="reference-listen-controls">
        <Button variant="secondary" onClick={toggle} busy={loading} aria-describedby={status} data-testid="reference-play">
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Segmented
          label={`Listen to the mix or ${label} (keys M and R)`}
          options={[
            { value: 'mix' as Side, label: 'Mix', keyShortcut: 'M' },
            { value: 'reference' as Side, label, keyShortcut: 'R' },
          ]}
          value={side}
          onChange={switchTo}
          testIdOf={(v) => `reference-side-${v}`}
        />
        <span className="muted small" aria-live="off">
          {formatTime(time)}
          {heard.duration !== undefined && ` / ${formatTime(heard.duration)}`}
        </span>
      </div>
      {heard.peaks && heard.duration !== undefined && (
        <SeekWave
          peaks={heard.peaks}
          time={time}
          duration={heard.duration}
          onSeek={seek}
          label={`Position in the ${side === 'mix' ? 'mix' : label.toLowerCase()}`}
          testId="reference-seek"
        />
      )}
      <p id={status} className="muted small" role="status">
        {match ? match.text : 'Played as they are: one of them has no loudness measured.'}
        {routes[side].peak !== null && <span data-testid="reference-peak">. Loudest as played: {routes[side].peak!.toFixed(1)} dBFS</span>}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
