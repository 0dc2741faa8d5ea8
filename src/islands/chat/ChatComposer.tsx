import { useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_MAX_CHARS } from '../../../isomorphic/contract/private-feed.ts';
import type { ChatState, Conversation } from '../../lib/chat/store.ts';
import { canSend, chatCounter, chatLength, insertNewline, keyAction } from '../../lib/chat/rules.ts';
import { translate as t } from '../../lib/i18n/client.ts';

/** What the upload endpoint takes (PNG, JPEG, WEBP, GIF): the picker offers only these. */
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The box under a chat (docs/requirements.md §5): Enter sends, Ctrl+Enter a new line, a counter to 400, an image
 * button.
 */
export function ChatComposer({ chat, state }: { chat: Conversation; state: ChatState }) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  const send = async () => {
    if (await chat.sendText(text)) setText('');
    box.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = keyAction({
      key: e.key,
      ctrlKey: e.ctrlKey,
      shiftKey: e.shiftKey,
      isComposing: e.nativeEvent.isComposing,
    });
    if (!action) return;
    e.preventDefault();
    if (action === 'send') return void send();
    const el = e.currentTarget;
    const next = insertNewline(text, el.selectionStart, el.selectionEnd);
    setText(next.text);
    requestAnimationFrame(() => el.setSelectionRange(next.caret, next.caret));
  };
  const onImage = (file: File | undefined) => {
    if (picker.current) picker.current.value = '';
    if (file) void chat.sendImage(file);
  };
  const over = chatLength(text) > CHAT_MAX_CHARS;

  return (
    <form className="chat-compose" onSubmit={(e) => (e.preventDefault(), void send())}>
      <textarea
        ref={box}
        className="chat-compose__box"
        name="chat"
        rows={3}
        value={text}
        placeholder={t('chat.placeholder')}
        aria-label={t('chat.message')}
        aria-invalid={over}
        onChange={(e) => {
          setText(e.target.value);
          if (state.refusal) chat.dismissRefusal();
        }}
        onKeyDown={onKeyDown}
      />
      <div className="chat-compose__bar">
        <button
          type="button"
          className="btn btn--outline chat-compose__image"
          disabled={state.uploading}
          onClick={() => picker.current?.click()}
        >
          {t(state.uploading ? 'chat.uploading' : 'chat.image')}
        </button>
        <input
          ref={picker}
          type="file"
          accept={IMAGE_TYPES}
          hidden
          data-testid="chat-image-input"
          onChange={(e) => onImage(e.target.files?.[0])}
        />
        <span className={`chat-compose__count${over ? ' is-over' : ''}`} aria-live="polite" data-testid="chat-counter">
          {chatCounter(text)}
        </span>
        <button type="submit" className="btn btn--primary" disabled={!canSend(text, state.sending)}>
          {t(state.sending ? 'chat.sending' : 'chat.send')}
        </button>
      </div>
      {state.refusal && (
        <p className="chat-compose__refusal" role="alert">
          {state.refusal}
        </p>
      )}
    </form>
  );
}
