/** How long a playing stream may stand still before it is loaded again; each try that did not help waits twice as long. */
export const STALL_MS = 6_000;
const CHECK_MS = 1_000;

type Watched = Pick<HTMLMediaElement, 'currentTime' | 'paused' | 'ended' | 'addEventListener' | 'removeEventListener'>;

/**
 * A stream that stops delivering while it plays (a dropped connection, a media pipeline wedged on a range
 * request) leaves the element waiting with no error and no end. While the element plays, a playhead that
 * stands still for STALL_MS asks `reload` to load the stream again from there. Only the playhead moving
 * again resets the wait, so a reload that pauses and plays does not. Returns the function that stops watching.
 */
export function watchStalls(media: Watched, reload: () => void, now: () => number = Date.now): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let at = media.currentTime;
  let since = now();
  let wait = STALL_MS;
  const check = () => {
    if (media.currentTime !== at) {
      at = media.currentTime;
      since = now();
      wait = STALL_MS;
    } else if (now() - since >= wait) {
      since = now();
      wait *= 2;
      reload();
    }
  };
  const start = () => {
    if (timer !== undefined) return;
    since = now();
    timer = setInterval(check, CHECK_MS);
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  media.addEventListener('play', start);
  media.addEventListener('pause', stop);
  media.addEventListener('ended', stop);
  if (!media.paused && !media.ended) start();
  return () => {
    stop();
    media.removeEventListener('play', start);
    media.removeEventListener('pause', stop);
    media.removeEventListener('ended', stop);
  };
}
