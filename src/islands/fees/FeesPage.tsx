import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { $feeSchedule, $myFees } from '../../lib/fees/actions.ts';
import { useStore } from '../../lib/stores/first-frame.ts';
import { $idle } from '../../lib/stores/remote.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { MyLevel, ScheduleTable } from './parts.tsx';

/**
 * The public fee page (/fees/index): the VIP schedule as the core charges by it, and for a signed-in reader their
 * own level above it.
 */
export default function FeesPage({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const schedule = useStore($feeSchedule);
  const isLogin = useStore($isLogin);
  const mine = useStore(isLogin ? $myFees : $idle);
  const own = mine.status === 'success' ? mine.value : null;
  return (
    <div className="fees-page">
      <h1 className="panel__title">{t('fees.title')}</h1>
      <p>{t('fees.intro', { days: schedule.status === 'success' ? schedule.value.windowDays : 30 })}</p>
      <p className="field__hint">{t('fees.capNote')}</p>
      {own && <MyLevel t={t} mine={own} titled />}
      {schedule.status === 'error' && (
        <p className="form-error" role="alert">
          {t('fees.failed')}
        </p>
      )}
      {schedule.status === 'success' ? (
        <ScheduleTable t={t} levels={schedule.value.levels} {...(own ? { mine: own.level.level } : {})} />
      ) : (
        schedule.status !== 'error' && <p className="muted">{t('common.loading')}</p>
      )}
    </div>
  );
}
