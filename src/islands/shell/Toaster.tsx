import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../../lib/stores/toast.ts';

/** Renders the page's toasts; any island or the API client adds them through showToast. */
export default function Toaster() {
  const toasts = useStore($toasts);
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
