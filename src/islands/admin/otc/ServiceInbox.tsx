import { useState } from 'react';
import { useStore } from '../../../lib/stores/first-frame.ts';
import { $inbox, reloadInbox } from '../../../lib/chat/inbox.ts';
import type { ChatUnread } from '../../../../isomorphic/contract/otc.ts';
import { formatDateTime } from '../../../../isomorphic/format/index.ts';
import type { T } from '../../../lib/i18n/client.ts';
import { $dateOptions } from '../../../lib/stores/settings.ts';
import { CHAT_DIALOG_WIDTH, ChatDialog, ChatPanel } from '../../chat/index.ts';

/**
 * The customer-service inbox: conversations waiting for an answer, live; opening one shows it in the 532 px customer
 * dialog.
 */
export function ServiceInbox({ t }: { t: T }) {
  const inbox = useStore($inbox);
  const dates = useStore($dateOptions);
  const [open, setOpen] = useState<ChatUnread | null>(null);
  const close = () => {
    setOpen(null);
    reloadInbox();
  };
  return (
    <>
      <p className="field__hint">{t('admin.otc.inbox.hint')}</p>
      {!inbox.loaded ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <div className="wallet-scroll">
          <table className="wallet-table" data-testid="admin-otc-inbox">
            <thead>
              <tr>
                <th>{t('admin.user')}</th>
                <th>{t('admin.otc.lastLine')}</th>
                <th className="num">{t('admin.otc.unread')}</th>
                <th>{t('assets.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {inbox.chats.map((c) => (
                <tr key={c.chatId} data-chat={c.chatId}>
                  <td>{c.title}</td>
                  <td>{formatDateTime(c.lastAt, dates)}</td>
                  <td className="num">{c.unread ? <span className="otc-inbox__unread">{c.unread}</span> : '0'}</td>
                  <td>
                    <button type="button" className="btn btn--primary" onClick={() => setOpen(c)}>
                      {t('admin.otc.answer')}
                    </button>
                  </td>
                </tr>
              ))}
              {!inbox.chats.length && (
                <tr>
                  <td colSpan={4} className="muted">
                    {t('admin.otc.inbox.empty')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {open && (
        <ChatDialog
          title={t('admin.otc.conversationWith', { name: open.title })}
          width={CHAT_DIALOG_WIDTH.customer}
          onClose={close}
        >
          <ChatPanel chatId={open.chatId} />
        </ChatDialog>
      )}
    </>
  );
}
