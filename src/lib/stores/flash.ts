import { platformConfig } from '../platform.ts';
import { showToast, type Toast } from './toast.ts';

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const flashKey = () => `${platformConfig().storagePrefix}flash`;

/**
 * A toast for the next page this tab loads, for a message followed by a navigation ("registered, please log in",
 * "logged out"), which would otherwise vanish with the page that showed it. Kept in sessionStorage, so only this
 * tab sees it, once. Without storage it shows at once instead.
 */
export function flashToast(
  kind: Toast['kind'],
  text: string,
  storage: SessionStore | undefined = globalThis.sessionStorage,
): void {
  try {
    storage!.setItem(flashKey(), JSON.stringify({ kind, text }));
  } catch {
    showToast(kind, text);
  }
}

/** Shows, and forgets, the toast the previous page left; the Toaster calls it once on every page. */
export function showFlash(storage: SessionStore | undefined = globalThis.sessionStorage): void {
  let flash: { kind?: unknown; text?: unknown } | undefined;
  try {
    const raw = storage?.getItem(flashKey());
    if (!raw) return;
    storage!.removeItem(flashKey());
    flash = JSON.parse(raw) as typeof flash;
  } catch {
    return;
  }
  const kinds: Array<Toast['kind']> = ['success', 'info', 'warning', 'error'];
  if (flash && kinds.includes(flash.kind as Toast['kind']) && typeof flash.text === 'string')
    showToast(flash.kind as Toast['kind'], flash.text);
}
