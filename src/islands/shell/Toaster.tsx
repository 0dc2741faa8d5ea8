import { useEffect } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { showFlash } from '../../lib/stores/flash.ts';
import { $toasts, dismissToast } from '../../lib/stores/toast.ts';

/**
 * Renders the page's toasts; any island or the API client adds them through showToast, the previous page through
 * flashToast.
 */
export default function Toaster() {
  const toasts = useStore($toasts);
  useEffect(showFlash, []);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((t) => (
        <button key={t.id} type="button" className={`toast toast--${t.kind}`} onClick={() => dismissToast(t.id)}>
          {t.text}
        </button>
      ))}
    </div>
  );
}
