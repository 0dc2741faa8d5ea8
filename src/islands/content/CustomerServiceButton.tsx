import type { Locale } from '../../lib/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { openCustomerService } from '../../lib/common/support.ts';

interface Props {
  locale: Locale;
  messages: Messages;
  label: string;
}

/** Opens the customer-service link the server configures, or says why it cannot (spec §7, §8). */
export default function CustomerServiceButton({ locale, messages, label }: Props) {
  useMessages(locale, messages);
  return (
    <button type="button" className="btn btn--primary" onClick={() => void openCustomerService()}>
      {label}
    </button>
  );
}
