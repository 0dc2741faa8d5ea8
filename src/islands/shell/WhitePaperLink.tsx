import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { openWhitePaper } from '../../lib/common/support.ts';

interface Props {
  locale: Locale;
  messages: Messages;
  label: string;
  variant: 'text' | 'icon';
}

/** The white-paper entry of the top menu: opens the link the server configures (docs/requirements.md §2, §8). */
export default function WhitePaperLink({ locale, messages, label, variant }: Props) {
  useMessages(locale, messages);
  return (
    <button
      type="button"
      className={variant === 'icon' ? 'icon-button' : 'nav__link nav__link--button'}
      onClick={() => void openWhitePaper()}
      aria-label={label}
      title={label}
    >
      {variant === 'icon' ? <DocIcon /> : label}
    </button>
  );
}

export function DocIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="currentColor"
        d="M6 2h9l5 5v13a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm8 1.5V8h4.5L14 3.5ZM7 12h10v2H7v-2Zm0 4h10v2H7v-2Zm0-8h5v2H7V8Z"
      />
    </svg>
  );
}
