import '../../styles/chat.css';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { CUSTOMER_SERVICE_AUTHOR, authorOf } from '../../lib/chat/conversation.ts';
import { conversation } from '../../lib/chat/store.ts';
import type { ChatLine } from '../../../isomorphic/contract/otc.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import { translate as t } from '../../lib/i18n/client.ts';
import { $userInfo } from '../../lib/stores/session.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatImage } from './ChatImage.tsx';

/**
 * One conversation (an OTC order's, or a user's with customer service): the newest lines at the bottom, 15 older
 * ones a time on request, new ones live from the chat topic, and (unless `readOnly`) the box to write in. The host
 * island brings the `chat.` messages (CHAT_MESSAGES in src/lib/chat/messages.ts). Operators write as customer
 * service, so in a customer-service chat their side is the one of blade_user_id 0.
 */
export function ChatPanel({ chatId, readOnly = false }: { chatId: string; readOnly?: boolean }) {
  const chat = useMemo(() => conversation(chatId), [chatId]);
  const state = useStore(chat.$state);
  const user = useStore($userInfo);
  const dates = useStore($dateOptions);
  const me = user?.role === 'operator' && chatId.startsWith('service-') ? CUSTOMER_SERVICE_AUTHOR : (user?.id ?? NaN);
  const scroller = useStickyBottom(state.lines);

  return (
    <div className="chat-panel" data-testid="chat-panel" data-chat={chatId}>
      <div className="chat-panel__lines" ref={scroller} role="log" aria-live="polite" aria-busy={state.loading}>
        {state.lines.length < state.total && (
          <button
            type="button"
            className="link-button chat-panel__older"
            disabled={state.loadingOlder}
            onClick={() => void chat.loadOlder()}
          >
            {t(state.loadingOlder ? 'common.loading' : 'chat.older')}
          </button>
        )}
        {state.loading && <p className="muted chat-panel__note">{t('common.loading')}</p>}
        {state.failed && <p className="muted chat-panel__note">{t('chat.loadFailed')}</p>}
        {!state.loading && !state.failed && !state.lines.length && (
          <p className="muted chat-panel__note">
            {t(readOnly ? 'chat.noneYet' : chatId.startsWith('order-') ? 'chat.orderHint' : 'chat.startHint')}
          </p>
        )}
        {state.lines.map((line) => (
          <Line key={line.id} line={line} me={me} when={formatDateTime(line.create_time, dates)} />
        ))}
      </div>
      {!readOnly && <ChatComposer chat={chat} state={state} />}
    </div>
  );
}

function Line({ line, me, when }: { line: ChatLine; me: number; when: string }) {
  const author = authorOf(line, me);
  const name = author.kind === 'other' ? author.name : t(`chat.name.${author.kind}`);
  return (
    <div className={`chat-line chat-line--${author.kind}`} data-line={line.id}>
      <div className="chat-line__meta">
        <span className="chat-line__name">{name}</span>{' '}
        <time dateTime={new Date(line.create_time).toISOString()}>{when}</time>
      </div>
      <div className="chat-line__bubble">
        {line.content_type === 2 ? (
          <ChatImage address={line.content} alt={t('chat.imageFrom', { name })} />
        ) : (
          line.content
        )}
      </div>
    </div>
  );
}

/**
 * The lines' scroll box: it follows a new line at the bottom when the reader was already at the bottom (or wrote
 * it), and keeps the reader's place when older lines come in above.
 */
function useStickyBottom(lines: readonly ChatLine[]) {
  const ref = useRef<HTMLDivElement>(null);
  const seen = useRef({ first: -1, last: -1, height: 0, atBottom: true });
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const before = seen.current;
    const first = lines[0]?.id ?? -1;
    const last = lines.at(-1)?.id ?? -1;
    if (last !== before.last && before.atBottom) box.scrollTop = box.scrollHeight;
    else if (first !== before.first) box.scrollTop += box.scrollHeight - before.height;
    seen.current = { first, last, height: box.scrollHeight, atBottom: nearBottom(box) };
  }, [lines]);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const onScroll = () => (seen.current.atBottom = nearBottom(box));
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => box.removeEventListener('scroll', onScroll);
  }, []);
  return ref;
}

const nearBottom = (box: HTMLElement) => box.scrollHeight - box.scrollTop - box.clientHeight < 40;
