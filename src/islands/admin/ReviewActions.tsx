import type { T } from '../../lib/i18n/client.ts';

interface Props {
  t: T;
  reason: string;
  onReason: (reason: string) => void;
  onDecide: (approve: boolean) => void;
}

/** An operator's decision on a request under review: approve, or reject with the reason the user will read. */
export function ReviewActions({ t, reason, onReason, onDecide }: Props) {
  return (
    <>
      <button type="button" className="btn btn--primary" onClick={() => onDecide(true)}>
        {t('admin.approve')}
      </button>
      <input
        aria-label={t('admin.reason')}
        placeholder={t('admin.reason')}
        size={Math.max(12, t('admin.reason').length + 2)}
        value={reason}
        onChange={(e) => onReason(e.target.value)}
      />
      <button type="button" className="btn btn--danger" onClick={() => onDecide(false)}>
        {t('admin.reject')}
      </button>
    </>
  );
}
