/**
 * Where the customer-service button may sit (docs/requirements.md §2, §9): wholly inside the window and never higher
 * than 64 px from the top. Positions are the button's top-left corner in CSS pixels.
 */
export const BUTTON_MIN_TOP = 64;

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** The nearest allowed position to `p` for a button of `button` size in a window of `view` size. */
export function clampButton(p: Point, button: Size, view: Size): Point {
  const maxX = Math.max(0, view.width - button.width);
  // A window too short for both rules keeps the 64 px rule: the button may then reach past the bottom edge.
  const maxY = Math.max(BUTTON_MIN_TOP, view.height - button.height);
  return { x: Math.min(Math.max(0, p.x), maxX), y: Math.min(Math.max(BUTTON_MIN_TOP, p.y), maxY) };
}

/** The button's first place: the bottom-right corner, `margin` px in from both edges. */
export function defaultButtonPlace(button: Size, view: Size, margin = 24): Point {
  return clampButton({ x: view.width - button.width - margin, y: view.height - button.height - margin }, button, view);
}

/** A pointer drag: the button moves with the pointer by the distance it went, clamped. */
export function dragTo(start: Point, from: Point, to: Point, button: Size, view: Size): Point {
  return clampButton({ x: start.x + to.x - from.x, y: start.y + to.y - from.y }, button, view);
}

/**
 * Whether a press moved far enough to be a drag: one that moved less is a click, so a shaky hand still opens the chat.
 */
export function movedBeyond(from: Point, to: Point, slop = 4): boolean {
  return Math.abs(to.x - from.x) > slop || Math.abs(to.y - from.y) > slop;
}
