import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $clockOffset } from '../../lib/seconds/actions.ts';

/**
 * Time left until `until` (the server's ms) as m:ss, ticking on the server's clock as far as the browser knows it;
 * "settling" once it has come and the order waits for its price.
 */
export function Countdown({ t, until }: { t: T; until: number }) {
  const offset = useStore($clockOffset);
  const [local, setNow] = useState(() => Date.now());
  const now = local + offset;
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = Math.ceil((until - now) / 1000);
  if (left <= 0) return <span className="countdown countdown--done">{t('seconds.settling')}</span>;
  return (
    <span className="countdown" role="timer" data-testid="countdown">
      {Math.floor(left / 60)}:{String(left % 60).padStart(2, '0')}
    </span>
  );
}
