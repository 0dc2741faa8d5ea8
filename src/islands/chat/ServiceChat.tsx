import { useStore } from '../../lib/stores/first-frame.ts';
import { $serviceChatId, $serviceChatOpen, closeServiceChat } from '../../lib/chat/service.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { ChatDialog, CHAT_DIALOG_WIDTH } from './ChatDialog.tsx';
import { ChatPanel } from './ChatPanel.tsx';
import { ServiceButton } from './ServiceButton.tsx';

/**
 * Customer service on every page (docs/requirements.md §2): the floating button (left out where `floating` is false)
 * and the 564 px dialog it, the top bar icon and the footer open, holding the user's `service-<id>` chat.
 */
export default function ServiceChat({
  locale,
  messages,
  floating = true,
}: {
  locale: Locale;
  messages: Messages;
  floating?: boolean;
}) {
  const t = useMessages(locale, messages);
  const open = useStore($serviceChatOpen);
  const chatId = useStore($serviceChatId);
  return (
    <>
      {floating && <ServiceButton />}
      {open && chatId && (
        <ChatDialog title={t('chat.service')} width={CHAT_DIALOG_WIDTH.service} onClose={closeServiceChat}>
          <ChatPanel chatId={chatId} />
        </ChatDialog>
      )}
    </>
  );
}
