import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { $theme } from '../../lib/stores/settings.ts';
import { followTheme, toggleTheme } from '../../lib/theme/follow.ts';

/**
 * The top bar's quick switch between the daytime and night themes (docs/products/account.md). Both icons are in the
 * page and the stylesheet shows the one for <html data-theme>, which the head set before the first paint, so the
 * static HTML and the hydrated button agree. It also keeps that attribute on the stored choice.
 */
export default function ThemeToggle({ label }: { label: string }) {
  const theme = useStore($theme);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    return followTheme();
  }, []);
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      aria-label={label}
      title={label}
      aria-pressed={mounted && theme === 'night'}
      data-testid="theme-toggle"
      onClick={toggleTheme}
    >
      <svg className="theme-toggle__moon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d="M20.7 15.3A9 9 0 0 1 8.7 3.3a9 9 0 1 0 12 12Z" />
      </svg>
      <svg className="theme-toggle__sun" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <path
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          d="M12 1.5v2.5M12 20v2.5M1.5 12H4M20 12h2.5M4.6 4.6l1.8 1.8M17.6 17.6l1.8 1.8M4.6 19.4l1.8-1.8M17.6 6.4l1.8-1.8"
        />
      </svg>
    </button>
  );
}
