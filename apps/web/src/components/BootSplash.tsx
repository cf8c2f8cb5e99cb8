/** Shown while the first route's guard loads the session; plain markup, no antd needed yet. */
export function BootSplash() {
  return (
    <div className="boot-splash" role="status" aria-live="polite">
      Loading…
    </div>
  );
}
