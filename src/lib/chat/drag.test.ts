import { describe, expect, it } from 'vitest';
import { BUTTON_MIN_TOP, clampButton, defaultButtonPlace, dragTo, movedBeyond } from './drag.ts';

const button = { width: 56, height: 56 };
const view = { width: 1366, height: 900 };

describe('the customer-service button’s place (docs/requirements.md §2, §9)', () => {
  it('stays wholly inside the window', () => {
    expect(clampButton({ x: -30, y: 400 }, button, view)).toEqual({ x: 0, y: 400 });
    expect(clampButton({ x: 2000, y: 400 }, button, view)).toEqual({ x: 1310, y: 400 });
    expect(clampButton({ x: 100, y: 5000 }, button, view)).toEqual({ x: 100, y: 844 });
  });

  it('never rises above 64 px from the top', () => {
    expect(BUTTON_MIN_TOP).toBe(64);
    expect(clampButton({ x: 100, y: 10 }, button, view)).toEqual({ x: 100, y: 64 });
    expect(clampButton({ x: 100, y: -500 }, button, view)).toEqual({ x: 100, y: 64 });
    expect(clampButton({ x: 100, y: 64 }, button, view)).toEqual({ x: 100, y: 64 });
  });

  it('keeps the 64 px rule in a window too short for both', () => {
    expect(clampButton({ x: 10, y: 0 }, button, { width: 300, height: 100 })).toEqual({ x: 10, y: 64 });
    expect(clampButton({ x: 400, y: 0 }, button, { width: 40, height: 100 })).toEqual({ x: 0, y: 64 });
  });

  it('starts in the bottom-right corner and comes back inside when the window shrinks', () => {
    const start = defaultButtonPlace(button, view);
    expect(start).toEqual({ x: 1286, y: 820 });
    expect(clampButton(start, button, { width: 800, height: 500 })).toEqual({ x: 744, y: 444 });
  });

  it('follows the pointer by the distance it moved, clamped', () => {
    const start = { x: 1000, y: 600 };
    expect(dragTo(start, { x: 1020, y: 620 }, { x: 920, y: 500 }, button, view)).toEqual({ x: 900, y: 480 });
    expect(dragTo(start, { x: 1020, y: 620 }, { x: 1020, y: -100 }, button, view)).toEqual({ x: 1000, y: 64 });
    expect(dragTo(start, { x: 1020, y: 620 }, { x: 3000, y: 3000 }, button, view)).toEqual({ x: 1310, y: 844 });
  });

  it('takes a press that barely moved for a click', () => {
    expect(movedBeyond({ x: 10, y: 10 }, { x: 13, y: 7 })).toBe(false);
    expect(movedBeyond({ x: 10, y: 10 }, { x: 15, y: 10 })).toBe(true);
  });
});
