import { useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { KycRecord, KycStatus } from '../../../isomorphic/contract/identity.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { currentLocale } from '../../lib/navigation.ts';
import { $withdrawLimits, kycQueueStore, reviewKyc, setWithdrawLimits } from '../../lib/identity/actions.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { Field } from '../ui/Field.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { submitting } from '../ui/use-form.ts';
import { KycStatusBadge } from '../identity/index.ts';
import { IdPhotos, useIdReview } from './id-review.tsx';
import { ReviewActions } from './ReviewActions.tsx';

/**
 * The console's Verification tab: submissions to review with their documents' photos, and the withdrawal limits per
 * level.
 */
export function KycReview({ t }: { t: T }) {
  return (
    <>
      <KycQueue t={t} />
      <LimitsForm t={t} />
    </>
  );
}

function KycQueue({ t }: { t: T }) {
  const dates = useStore($dateOptions);
  const [status, setStatus] = useState<KycStatus>('review');
  // Loaded again after each decision.
  const queue = useStore(kycQueueStore(status));
  const rows = queue.status === 'success' ? queue.value : null;
  const region = new Intl.DisplayNames([currentLocale()], { type: 'region' });
  const { decide, view, photos, closePhotos, reasonOf } = useIdReview<KycRecord>(t, reviewKyc);

  return (
    <>
      <p className="field__hint">{t('admin.kyc.hint')}</p>
      <Tabs
        label={t('admin.tab.kyc')}
        active={status}
        onChange={setStatus}
        tabs={(['review', 'passed', 'failed'] as const).map((s) => ({ key: s, label: t(`identity.status.${s}`) }))}
      />
      {!rows ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <div className="wallet-scroll">
          <table className="wallet-table" data-testid="admin-kyc">
            <thead>
              <tr>
                <th>{t('admin.user')}</th>
                <th>{t('assets.time')}</th>
                <th>{t('admin.kyc.level')}</th>
                <th>{t('field.realName')}</th>
                <th>{t('field.country')}</th>
                <th>{t('field.idType')}</th>
                <th>{t('field.idNumber')}</th>
                <th>{t('assets.statusLabel')}</th>
                <th>{t('assets.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-user={r.username}>
                  <td>{r.username}</td>
                  <td>{formatDateTime(r.createTime, dates)}</td>
                  <td>{t(`identity.level.${r.level}`)}</td>
                  <td>{r.realName}</td>
                  <td>{region.of(r.country) ?? r.country}</td>
                  <td>{t(`identity.idType.${r.idType}`)}</td>
                  <td className="wallet-break">{r.idNumber}</td>
                  <td>
                    <KycStatusBadge t={t} status={r.status} />
                    {r.reason && <div className="muted">{r.reason}</div>}
                  </td>
                  <td className="admin-actions">
                    {r.front && (
                      <button type="button" className="btn" onClick={() => void view(r)}>
                        {t('admin.kyc.viewPhotos')}
                      </button>
                    )}
                    {r.status === 'review' && (
                      <ReviewActions t={t} {...reasonOf(r.id)} onDecide={(approve) => void decide(r, approve)} />
                    )}
                  </td>
                </tr>
              ))}
              {!rows.length && (
                <tr>
                  <td colSpan={9} className="muted">
                    {t('common.noData')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {photos && <IdPhotos t={t} urls={photos.urls} onClose={closePhotos} testId="admin-kyc-photos" />}
    </>
  );
}

/** The 24-hour withdrawal limit of each level: numbers for everyone at a level, never one user's outcome. */
function LimitsForm({ t }: { t: T }) {
  const saved = useStore($withdrawLimits);
  // What the operator typed; until then, and again after saving, the limits the server holds.
  const [edits, setValues] = useState<[string, string, string] | null>(null);
  const [busy, setBusy] = useState(false);
  const values = edits ?? (saved.status === 'success' ? saved.value : null);
  if (!values) return null;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    await submitting(setBusy, async () => {
      await setWithdrawLimits({ level0: values[0], level1: values[1], level2: values[2] });
      setValues(null);
      showToast('success', t('common.operationSuccess'));
    });
  };
  return (
    <form className="admin-limits" onSubmit={save} noValidate data-testid="admin-limits">
      <h2 className="panel__subtitle">{t('identity.limits.title')}</h2>
      <p className="field__hint">{t('admin.kyc.limitsHint')}</p>
      {values.map((v, level) => (
        <Field
          key={level}
          label={`${t(`field.level${level}`)} (USDT)`}
          name={`level${level}`}
          inputMode="decimal"
          value={v}
          onChange={(x) => setValues(values.map((y, i) => (i === level ? x : y)) as [string, string, string])}
        />
      ))}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t('admin.save')}
      </button>
    </form>
  );
}
