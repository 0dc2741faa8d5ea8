/** The chart's colours, read from the page's CSS custom properties so the night theme's values apply. */
export interface ChartColors {
  up: string;
  down: string;
  text: string;
  line: string;
  background: string;
}

export function chartColors(): ChartColors {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    up: v('--up', '#067a4b'),
    down: v('--down', '#c8283f'),
    text: v('--ink-3', '#5f6b80'),
    line: v('--line', '#dfe3ea'),
    background: v('--bg', '#ffffff'),
  };
}

/** A colour made translucent, for the volume bars under their candles' colour (#rgb and #rrggbb; others as given). */
export function translucent(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const n = Number.parseInt(full, 16);
  return `rgba(${n >> 16}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** Calls `apply` whenever the page's theme (html[data-theme]) changes; answers the function that stops watching. */
export function onThemeChange(apply: () => void): () => void {
  const observer = new MutationObserver(apply);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
