import { beforeEach, describe, expect, it } from 'vitest';
import { flashToast, showFlash } from './flash.ts';
import { $toasts, clearToasts, resetToastThrottle } from './toast.ts';

globalThis.window ??= {} as Window & typeof globalThis;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

beforeEach(() => {
  clearToasts();
  resetToastThrottle();
});

describe('a flash toast carried to the next page', () => {
  it('is not shown on the page that leaves it', () => {
    const storage = memoryStorage();
    flashToast('success', 'Registration successful, please log in', storage);
    expect($toasts.get()).toEqual([]);
    expect([...storage.items.keys()]).toEqual(['lumex:flash']);
  });

  it('shows once on the next page, then is gone', () => {
    const storage = memoryStorage();
    flashToast('success', 'You have logged out', storage);
    showFlash(storage);
    expect($toasts.get().map((t) => [t.kind, t.text])).toEqual([['success', 'You have logged out']]);
    showFlash(storage);
    expect($toasts.get()).toHaveLength(1);
    expect(storage.items.size).toBe(0);
  });

  it('ignores anything in the slot that is not a toast', () => {
    const storage = memoryStorage();
    storage.setItem('lumex:flash', '{"kind":"<script>","text":1}');
    showFlash(storage);
    storage.setItem('lumex:flash', 'not json');
    showFlash(storage);
    expect($toasts.get()).toEqual([]);
  });

  it('shows at once where the tab has no session storage', () => {
    flashToast('success', 'now', {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    });
    expect($toasts.get().map((t) => t.text)).toEqual(['now']);
  });
});
