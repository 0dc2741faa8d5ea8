import { beforeEach, describe, expect, it } from 'vitest';
import { $toasts, clearToasts, dismissToast, resetToastThrottle, showToast, type Toast } from './toast.ts';

const T0 = 1_700_000_000_000;

// Toasts exist only in a browser (never in pages rendered at build time): stand in for one.
globalThis.window ??= {} as Window & typeof globalThis;

beforeEach(() => {
  clearToasts();
  resetToastThrottle();
});

function shown(): Array<[Toast['kind'], string]> {
  return $toasts.get().map((t) => [t.kind, t.text]);
}

describe('showToast throttle (docs/requirements.md §8)', () => {
  it.each<[string, Array<[Toast['kind'], string, number, boolean]>]>([
    [
      'second error within 2 s is dropped',
      [
        ['error', 'a', T0, true],
        ['error', 'b', T0 + 1, false],
        ['error', 'c', T0 + 1999, false],
      ],
    ],
    [
      'error exactly 2 s later shows',
      [
        ['error', 'a', T0, true],
        ['error', 'b', T0 + 2000, true],
      ],
    ],
    [
      'a dropped error does not extend the window',
      [
        ['error', 'a', T0, true],
        ['error', 'b', T0 + 1500, false],
        ['error', 'c', T0 + 2000, true],
        ['error', 'd', T0 + 3999, false],
        ['error', 'e', T0 + 4000, true],
      ],
    ],
    [
      'same text within 2 s is dropped too',
      [
        ['error', 'same', T0, true],
        ['error', 'same', T0 + 100, false],
      ],
    ],
    [
      'success toasts are never throttled',
      [
        ['success', 's1', T0, true],
        ['success', 's2', T0, true],
        ['success', 's3', T0 + 1, true],
      ],
    ],
    [
      'success within the error window still shows and does not move it',
      [
        ['error', 'e1', T0, true],
        ['success', 's1', T0 + 500, true],
        ['error', 'e2', T0 + 1000, false],
        ['success', 's2', T0 + 1000, true],
        ['error', 'e3', T0 + 2000, true],
      ],
    ],
    [
      'success does not start an error window',
      [
        ['success', 's1', T0, true],
        ['error', 'e1', T0 + 1, true],
      ],
    ],
    [
      'warning and info are not throttled',
      [
        ['error', 'e1', T0, true],
        ['warning', 'w1', T0 + 1, true],
        ['warning', 'w2', T0 + 2, true],
        ['info', 'i1', T0 + 3, true],
        ['info', 'i2', T0 + 4, true],
      ],
    ],
  ])('%s', (_name, steps) => {
    const expected: Array<[Toast['kind'], string]> = [];
    for (const [kind, text, now, showsUp] of steps) {
      expect(showToast(kind, text, now), `${kind} ${text} at +${now - T0}`).toBe(showsUp);
      if (showsUp) expected.push([kind, text]);
      expect(shown()).toEqual(expected);
    }
  });

  it('resetToastThrottle allows the next error at once', () => {
    expect(showToast('error', 'a', T0)).toBe(true);
    expect(showToast('error', 'b', T0 + 1)).toBe(false);
    resetToastThrottle();
    expect(showToast('error', 'c', T0 + 2)).toBe(true);
    expect(shown()).toEqual([
      ['error', 'a'],
      ['error', 'c'],
    ]);
  });

  it('uses the clock when no time is given', () => {
    expect(showToast('error', 'a')).toBe(true);
    expect(showToast('error', 'b')).toBe(false);
    expect(showToast('success', 'c')).toBe(true);
    expect(shown()).toEqual([
      ['error', 'a'],
      ['success', 'c'],
    ]);
  });
});

describe('toasts list', () => {
  it('gives each toast its own id and dismisses by id', () => {
    showToast('success', 'one', T0);
    showToast('info', 'two', T0);
    showToast('error', 'three', T0);
    const [one, two, three] = $toasts.get();
    expect(new Set([one!.id, two!.id, three!.id]).size).toBe(3);
    dismissToast(two!.id);
    expect(shown()).toEqual([
      ['success', 'one'],
      ['error', 'three'],
    ]);
    dismissToast(-1);
    expect(shown()).toEqual([
      ['success', 'one'],
      ['error', 'three'],
    ]);
    dismissToast(one!.id);
    dismissToast(three!.id);
    expect(shown()).toEqual([]);
  });
});
