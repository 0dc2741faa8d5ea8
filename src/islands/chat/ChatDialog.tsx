import type { ReactNode } from 'react';
import { translate as t } from '../../lib/i18n/client.ts';
import { useModal } from '../ui/use-modal.ts';

/**
 * docs/requirements.md §2, §9: the customer-service dialog is 564 px wide, a customer's conversation (the operator's
 * view) 532 px.
 */
export const CHAT_DIALOG_WIDTH = { service: 564, customer: 532 } as const;

/** A chat in a modal on the native <dialog>, open while mounted; Escape and the close button go through onClose. */
export function ChatDialog({
  title,
  width,
  onClose,
  children,
}: {
  title: string;
  width: number;
  onClose: () => void;
  children: ReactNode;
}) {
  const { titleId, dialog } = useModal(onClose);
  return (
    <dialog {...dialog} className="chat-dialog" style={{ width }} data-testid="chat-dialog">
      <header className="chat-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="chat-dialog__close"
          aria-label={t('chat.close')}
          title={t('chat.close')}
          onClick={onClose}
        >
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}
