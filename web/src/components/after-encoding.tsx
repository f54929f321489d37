import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CodecProfileId } from '@shared/codec-profiles';
import type { CodecPreviewView } from '@shared/schemas/technical-report';
import { formatTime } from '@/components/audio-player';
import { Button } from '@/components/button';
import { api } from '@/lib/api';

/** A preview's overs said briefly: how many samples, and where the loudest runs start. */
function oversText(p: CodecPreviewView): string {
  const samples = p.overSamples ?? 0;
  if (samples === 0) return 'None';
  const runs = p.overRuns ?? [];
  const places = runs
    .slice(0, 3)
    .map((r) => formatTime(r.start))
    .join(', ');
  const more = runs.length - 3 + (p.moreRuns ?? 0);
  return `${samples.toLocaleString('en-US')} samples, at ${places}${more > 0 ? ` and ${more} more` : ''}`;
}

function truePeakText(p: CodecPreviewView): string {
  if (p.truePeakDbtp === null || p.truePeakDbtp === undefined) return 'silent';
  return `${p.truePeakDbtp > 0 ? '+' : ''}${p.truePeakDbtp.toFixed(1)} dBTP`;
}

interface Playing {
  profile: string;
  label: string;
  url: string;
  /** Where the encoding before it was: the next one starts there. */
  at: number;
  /** When the link stops working (ms since the epoch). */
  expiresAt: number;
}

/** A link this close to its end is taken to have ended when the audio fails: a new one is asked for. */
const LINK_MARGIN_MS = 60_000;

/**
 * One player for the encodings kept to play: choosing another starts it where the one before was, so the same
 * passage is heard through each encoder in turn. The link is asked for at each choice (it lives an hour), and
 * again, from where it stood, when the audio fails once its link has ended (a seek on a page left open).
 */
function useEncodingPlayer(trackId: string) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState<Playing | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = useCallback(
    async (p: Pick<CodecPreviewView, 'profile' | 'label'>) => {
      setError(null);
      setLoading(p.profile);
      try {
        const { signedUrl, expiresIn } = await api('getSignedUrl', { trackId, preview: p.profile as CodecProfileId });
        const at = audio.current?.currentTime ?? 0;
        setPlaying({ profile: p.profile, label: p.label, url: signedUrl, at, expiresAt: Date.now() + expiresIn * 1000 });
      } catch {
        setError(`The ${p.label} encoding could not be loaded. Please try again.`);
      } finally {
        setLoading(null);
      }
    },
    [trackId],
  );
  useEffect(() => {
    const el = audio.current;
    if (!el || !playing) return;
    const play = () => void el.play().catch(() => {});
    // Played once the seek is done: WebKit asked to play an Ogg file while it still sought sometimes never began.
    const start = () => {
      const at = Math.min(playing.at, Number.isFinite(el.duration) ? el.duration : playing.at);
      if (at <= 0) return play();
      el.addEventListener('seeked', play, { once: true });
      el.currentTime = at;
    };
    // A browser without the format's decoder says so here, not by silence; so does an ended link.
    const failed = () =>
      Date.now() > playing.expiresAt - LINK_MARGIN_MS
        ? void choose(playing)
        : setError(`This browser could not play the ${playing.label} encoding.`);
    el.addEventListener('loadedmetadata', start, { once: true });
    el.addEventListener('error', failed, { once: true });
    return () => {
      el.removeEventListener('loadedmetadata', start);
      el.removeEventListener('seeked', play);
      el.removeEventListener('error', failed);
    };
  }, [playing, choose]);
  return { audio, playing, loading, error, choose };
}

/**
 * 'After encoding': the track as each streaming service's encoder leaves it (its true peak, and the samples
 * past full scale the decode has, with where), each profile measured on the server by the encoder itself, and
 * the encodings kept to play, to hear what the encoder does to it.
 */
export function AfterEncoding({ trackId, previews }: { trackId: string; previews: CodecPreviewView[] }) {
  const heading = useId();
  const pending = previews.some((p) => p.status === 'pending');
  const player = useEncodingPlayer(trackId);
  const listenable = previews.some((p) => p.playable);
  return (
    <section className="after-encoding" aria-labelledby={heading} data-testid="after-encoding">
      <h4 id={heading}>After encoding</h4>
      <p className="muted small">
        The track encoded and decoded again as each service streams it. A master clean as a WAV can go over full scale after a lossy
        encoder: those overs clip on playback.
      </p>
      <div className="after-encoding-scroll">
        <table className="after-encoding-table" aria-busy={pending}>
          <thead>
            <tr>
              <th scope="col">Encoding</th>
              <th scope="col" className="after-encoding-wide">
                Heard on
              </th>
              <th scope="col">True peak</th>
              <th scope="col">Over 0 dBFS</th>
              {listenable && (
                <th scope="col">
                  <span className="visually-hidden">Listen</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {previews.map((p) => (
              <tr key={p.profile} data-testid="codec-preview" data-profile={p.profile} data-status={p.status}>
                <th scope="row">
                  {p.label}
                  <span className="after-encoding-narrow muted small">{p.heardOn}</span>
                </th>
                <td className="after-encoding-wide">{p.heardOn}</td>
                {p.status === 'ready' ? (
                  <>
                    <td className={`after-encoding-peak${(p.truePeakDbtp ?? -Infinity) > 0 ? ' after-encoding-over' : ''}`}>
                      {truePeakText(p)}
                    </td>
                    <td className={(p.overSamples ?? 0) > 0 ? 'after-encoding-over' : ''}>{oversText(p)}</td>
                  </>
                ) : (
                  <td colSpan={2} className="muted">
                    {p.status === 'pending' ? 'Being encoded…' : p.status === 'failed' ? p.reason : `Not previewed. ${p.reason ?? ''}`}
                  </td>
                )}
                {listenable && (
                  <td>
                    {p.playable && (
                      <Button
                        variant="secondary"
                        className="after-encoding-listen"
                        aria-label={`Listen to the ${p.label} encoding`}
                        aria-pressed={player.playing?.profile === p.profile}
                        busy={player.loading === p.profile}
                        onClick={() => void player.choose(p)}
                      >
                        Listen
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {player.error && (
        <p className="field-error" role="alert">
          {player.error}
        </p>
      )}
      {player.playing && (
        <p className="after-encoding-now small" data-testid="encoding-player">
          <span aria-live="polite">Playing the {player.playing.label} encoding</span>
          <audio
            ref={player.audio}
            src={player.playing.url}
            controls
            preload="metadata"
            aria-label={`${player.playing.label} encoding`}
            data-testid="encoding-audio"
          />
        </p>
      )}
    </section>
  );
}
