import type { T } from '../../lib/i18n/client.ts';

/** A review status (pending, passed, failed) as a coloured badge. */
export function StatusBadge({ t, status }: { t: T; status: string }) {
  const tone = status === 'passed' ? 'done' : status === 'failed' ? 'failed' : 'todo';
  return <span className={`status status--${tone}`}>{t(`assets.status.${status}`)}</span>;
}
