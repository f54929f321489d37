/** The full-screen 'Loading...' shown while a page or the session loads. */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite" data-testid="loading">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
