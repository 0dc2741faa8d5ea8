import type { Locale } from '../../lib/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { openCustomerService, openWhitePaper } from '../../lib/common/support.ts';

interface Props {
  locale: Locale;
  messages: Messages;
  action: 'customerService' | 'whitePaper';
  label: string;
}

/** A button that opens the customer-service or white-paper link the server configures, or says why it cannot (spec §8). */
export default function SupportButton({ locale, messages, action, label }: Props) {
  useMessages(locale, messages);
  const open = action === 'customerService' ? openCustomerService : openWhitePaper;
  return (
    <button type="button" className="btn btn--primary" onClick={() => void open()}>
      {label}
    </button>
  );
}
