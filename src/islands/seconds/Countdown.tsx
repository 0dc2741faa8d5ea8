import { useEffect, useState } from 'react';
import type { T } from '../../lib/i18n/client.ts';

/** Time left until `until` (ms) as m:ss, ticking; "settling" once it has come and the order waits for its price. */
export function Countdown({ t, until }: { t: T; until: number }) {
  const [now, setNow] = useState(() => Date.now());
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
