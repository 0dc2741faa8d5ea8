import { $myFees } from '../../lib/fees/actions.ts';
import { href } from '../../lib/navigation.ts';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { TabProps } from '../account/index.ts';
import { MyLevel } from './parts.tsx';

/** The account centre's fee tab: the user's VIP level, their 30-day volumes and the next level's threshold. */
export function FeesTab({ t, locale }: TabProps) {
  const mine = useStore($myFees);
  if (mine.status === 'error') return <p className="form-error">{t('fees.failed')}</p>;
  if (mine.status !== 'success') return <p className="muted">{t('common.loading')}</p>;
  return (
    <div className="fees-tab">
      <MyLevel t={t} mine={mine.value} />
      <p>
        <a href={href('/fees/index', locale)}>{t('fees.mine.schedule')}</a>
      </p>
    </div>
  );
}
