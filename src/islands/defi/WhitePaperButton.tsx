import { openWhitePaper } from '../../lib/common/support.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';

/**
 * /defis/index opens the white paper (docs/requirements.md §2): the link the server configures, or the
 * docs/requirements.md §8 warning without one.
 */
export default function WhitePaperButton({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  return (
    <button
      type="button"
      className="btn btn--outline"
      onClick={() => void openWhitePaper()}
      data-testid="defi-white-paper"
    >
      {t('defi.whitePaper')}
    </button>
  );
}
