import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { openCustomerService } from '../../lib/common/support.ts';

interface Props {
  locale: Locale;
  messages: Messages;
  label: string;
  /** The look of the button: the help pages' primary button by default, a plain link in the footer. */
  className?: string;
}

/** Opens the customer-service link the server configures, or says why it cannot (docs/requirements.md §7, §8). */
export default function CustomerServiceButton({ locale, messages, label, className = 'btn btn--primary' }: Props) {
  useMessages(locale, messages);
  return (
    <button type="button" className={className} onClick={() => void openCustomerService()}>
      {label}
    </button>
  );
}
