/** What the poller needs of the page: whether it is visible, and a way to hear when that changes. */
export interface Visibility {
  visible(): boolean;
  onChange(listener: () => void): () => void;
}

/** The browser's document, or an always-visible page outside one (tests, build). */
const documentVisibility: Visibility = {
  visible: () => typeof document === 'undefined' || document.visibilityState === 'visible',
  onChange(listener) {
    if (typeof document === 'undefined') return () => {};
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/**
 * Runs `task` now and then every `ms` while the page is visible; a hidden tab makes no requests, and coming back
 * runs it at once. A run that is still under way is not started again (a slow answer never piles requests up).
 * Returns the stop function.
 */
export function pollWhileVisible(
  task: () => Promise<unknown>,
  ms: number,
  page: Visibility = documentVisibility,
): () => void {
  let running = false;
  let stopped = false;
  const run = () => {
    if (stopped || running || !page.visible()) return;
    running = true;
    task()
      .catch(() => {})
      .finally(() => {
        running = false;
      });
  };
  run();
  const timer = setInterval(run, ms);
  const off = page.onChange(() => {
    if (page.visible()) run();
  });
  return () => {
    stopped = true;
    clearInterval(timer);
    off();
  };
}
