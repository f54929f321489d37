import { useEffect, useState } from 'react';

/** Whole seconds until `at`, kept current. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Too many uploads were started in the last minute (the API's limit per user): this one waits and starts
 * by itself. Said once to a screen reader; the countdown is for the eyes.
 */
function RateLimitWait({ retryAt }: { retryAt: number }) {
  const seconds = useSecondsUntil(retryAt);
  return (
    <div className="upload-waiting" data-testid="upload-waiting">
      <p role="status">Too many uploads were started in the last minute. This one waits, then starts by itself.</p>
      <p className="muted small" aria-hidden="true" data-testid="upload-waiting-seconds">
        {seconds > 0 ? `Starting in ${seconds} s` : 'Starting...'}
      </p>
    </div>
  );
}

/**
 * How far the upload is: the wait for the rate limit, or the bytes sent (percent), then the server's
 * check of the audio.
 */
export function UploadProgress({
  waiting,
  sending,
  processing,
  percent,
  retryAt,
}: {
  waiting: boolean;
  sending: boolean;
  processing: boolean;
  percent: number;
  retryAt: number | null;
}) {
  return (
    <>
      {waiting && retryAt !== null && <RateLimitWait retryAt={retryAt} />}

      {(sending || processing) && !waiting && (
        <div className="upload-progress" data-testid="upload-progress">
          <div className="upload-progress-head">
            <span>{processing ? 'Checking your audio...' : 'Uploading...'}</span>
            <span className="upload-percent" data-testid="upload-percent">
              {percent}%
            </span>
          </div>
          <div
            className={`progress progress-upload${processing ? ' is-checking' : ''}`}
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={processing ? 'Checking your audio' : `${percent}%`}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
    </>
  );
}
