import { atom, readonlyType } from 'nanostores';

export interface Toast {
  id: number;
  kind: 'error' | 'success' | 'warning' | 'info';
  text: string;
}

const toasts = atom<Toast[]>([]);
/** Toasts on screen; the Toaster island renders them. */
export const $toasts = readonlyType(toasts);

let nextId = 1;
let lastErrorAt = Number.NEGATIVE_INFINITY;
const ERROR_INTERVAL_MS = 2000;
const VISIBLE_MS = 3500;
/** Long messages (how to get a code on an install without mail) stay long enough to be read. */
const READ_MS_PER_CHAR = 60;

/**
 * Shows a toast for a few seconds; error toasts at most once per 2 seconds (docs/requirements.md §8). Returns whether
 * it showed.
 */
export function showToast(kind: Toast['kind'], text: string, now: number = Date.now()): boolean {
  // Pages are rendered at build time too; a toast there would be baked into every page's HTML.
  if (typeof window === 'undefined') return false;
  if (kind === 'error') {
    if (now - lastErrorAt < ERROR_INTERVAL_MS) return false;
    lastErrorAt = now;
  }
  const toast = { id: nextId++, kind, text };
  toasts.set([...toasts.get(), toast]);
  setTimeout(() => dismissToast(toast.id), Math.max(VISIBLE_MS, text.length * READ_MS_PER_CHAR));
  return true;
}

export function dismissToast(id: number): void {
  toasts.set(toasts.get().filter((t) => t.id !== id));
}

/** For tests: forget the throttle. */
export function resetToastThrottle(): void {
  lastErrorAt = Number.NEGATIVE_INFINITY;
}

/** For tests: take every toast off the screen at once. */
export function clearToasts(): void {
  toasts.set([]);
}
