import { $theme, updateSettings } from '../stores/settings.ts';

/**
 * Keeps <html data-theme> on the chosen theme as it changes, here or in another tab (the persistent store hears
 * the other tab's write). The page head set it before the first paint; charts redraw on the attribute's change.
 * Returns the way to stop.
 */
export function followTheme(root: HTMLElement = document.documentElement): () => void {
  return $theme.subscribe((theme) => {
    if (root.getAttribute('data-theme') !== theme) root.setAttribute('data-theme', theme);
  });
}

/** Daytime to night and back, as the top bar's switch does. */
export function toggleTheme(): void {
  updateSettings({ theme: $theme.get() === 'night' ? 'daytime' : 'night' });
}
