import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { clampButton, defaultButtonPlace, dragTo, movedBeyond, type Point } from '../../lib/chat/drag.ts';
import { $serviceUnread, openServiceChat } from '../../lib/chat/service.ts';
import { translate as t } from '../../lib/i18n/client.ts';
import { $isLogin } from '../../lib/stores/session.ts';

const SIZE = { width: 56, height: 56 };
const view = () => ({ width: document.documentElement.clientWidth, height: window.innerHeight });

/**
 * The draggable customer-service button (docs/requirements.md §2, §9): inside the window and never above 64 px from the
 * top, also when the window shrinks; a badge with the unread count; a press that did not drag opens the chat (or,
 * logged out, the login page).
 */
export function ServiceButton() {
  const [place, setPlace] = useState<Point | null>(null);
  const drag = useRef<{ from: Point; start: Point; moved: boolean } | null>(null);
  const dragged = useRef(false);
  const isLogin = useStore($isLogin);
  const unread = useStore($serviceUnread);

  useEffect(() => {
    setPlace(defaultButtonPlace(SIZE, view()));
    const keepInside = () => setPlace((p) => p && clampButton(p, SIZE, view()));
    window.addEventListener('resize', keepInside);
    return () => window.removeEventListener('resize', keepInside);
  }, []);
  if (!place) return null;

  const down = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { from: { x: e.clientX, y: e.clientY }, start: place, moved: false };
  };
  const move = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    const to = { x: e.clientX, y: e.clientY };
    if (!d.moved && !movedBeyond(d.from, to)) return;
    d.moved = true;
    setPlace(dragTo(d.start, d.from, to, SIZE, view()));
  };
  const up = () => {
    dragged.current = drag.current?.moved ?? false;
    drag.current = null;
  };
  const label = unread ? `${t('chat.service')} (${t('chat.unread', { count: unread })})` : t('chat.service');

  return (
    <button
      type="button"
      className="service-button"
      style={{ left: place.x, top: place.y }}
      aria-label={label}
      title={label}
      data-testid="service-button"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onClick={() => {
        if (dragged.current) return void (dragged.current = false);
        openServiceChat();
      }}
    >
      <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 6a1.25 1.25 0 1 0 0 2.5A1.25 1.25 0 0 0 7 10Zm5 0a1.25 1.25 0 1 0 0 2.5A1.25 1.25 0 0 0 12 10Zm5 0a1.25 1.25 0 1 0 0 2.5A1.25 1.25 0 0 0 17 10Z"
        />
      </svg>
      {isLogin && unread > 0 && (
        <span className="service-button__badge" data-testid="service-unread">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
