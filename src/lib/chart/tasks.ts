/**
 * Yielding points for the chart's start (issue 30). A phone runs the trade screen's scripts at a quarter of a
 * desktop's speed, and any task over 50 ms delays a tap by its excess (Lighthouse's total blocking time). The chart
 * library's work is split at these points so that no piece of it holds the main thread for long, and it starts only
 * once the header, book and form are on screen: the price and the book are what a person reads first.
 */

/** Resolves in a new task after the next frame painted (a frame callback, then a task after it). */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Resolves in a later task: scheduler.yield where the browser has it (continues ahead of other queued work), a
 * zero timeout elsewhere, so input and painting can run in between.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
