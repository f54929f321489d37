import { useId } from 'react';
import type { CodecPreviewView } from '@shared/schemas/technical-report';
import { formatTime } from '@/components/audio-player';

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

/**
 * 'After encoding': the track as each streaming service's encoder leaves it (its true peak, and the samples
 * past full scale the decode has, with where), each profile measured on the server by the encoder itself.
 */
export function AfterEncoding({ previews }: { previews: CodecPreviewView[] }) {
  const heading = useId();
  const pending = previews.some((p) => p.status === 'pending');
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
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
