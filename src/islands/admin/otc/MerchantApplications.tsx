import { useState } from 'react';
import { useStore } from '../../../lib/stores/first-frame.ts';
import type { MerchantApplication } from '../../../../isomorphic/contract/otc.ts';
import { decideMerchant, merchantApplicationsStore } from '../../../lib/admin/otc-console.ts';
import { formatDateTime } from '../../../../isomorphic/format/index.ts';
import type { T } from '../../../lib/i18n/client.ts';
import type { ApplicationState } from '../../../lib/otc/console.ts';
import { $dateOptions } from '../../../lib/stores/settings.ts';
import { showToast } from '../../../lib/stores/toast.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { ReviewActions } from '../ReviewActions.tsx';

const STATES: readonly ApplicationState[] = ['pending', 'approved', 'rejected'];

/**
 * Merchant applications by state: approve (the deposit becomes the merchant's) or reject with a note (it is released).
 */
export function MerchantApplications({ t }: { t: T }) {
  const dates = useStore($dateOptions);
  const [state, setState] = useState<ApplicationState>('pending');
  // Loaded again after each decision.
  const queue = useStore(merchantApplicationsStore(state));
  const rows = queue.status === 'success' ? queue.value : null;
  const [notes, setNotes] = useState<Record<number, string>>({});

  const decide = async (row: MerchantApplication, approve: boolean) => {
    const note = notes[row.userId]?.trim() ?? '';
    if (!approve && !note) return showToast('error', t('error.reasonRequired'));
    try {
      await decideMerchant(row.userId, approve, note);
      showToast('success', t(approve ? 'admin.approved' : 'admin.rejected'));
    } catch {
      // The API client has shown the message.
    }
  };

  return (
    <>
      <p className="field__hint">{t('admin.otc.merchants.hint')}</p>
      <Tabs
        label={t('admin.otc.merchants')}
        active={state}
        onChange={setState}
        tabs={STATES.map((s) => ({ key: s, label: t(`admin.otc.application.${s}`) }))}
      />
      {!rows ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <div className="wallet-scroll">
          <table className="wallet-table" data-testid="admin-otc-merchants">
            <thead>
              <tr>
                <th>{t('admin.user')}</th>
                <th>{t('admin.otc.email')}</th>
                <th>{t('admin.kyc.level')}</th>
                <th className="num">{t('admin.otc.deposit')}</th>
                <th>{t('admin.otc.appliedAt')}</th>
                <th>{t('admin.otc.reviewedAt')}</th>
                <th>{t('admin.otc.note')}</th>
                <th>{t('assets.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.userId} data-user={r.nickname}>
                  <td>
                    {r.nickname} <span className="muted">#{r.userId}</span>
                  </td>
                  <td>{r.email ?? '—'}</td>
                  <td>{t(`identity.level.${r.level}`)}</td>
                  <td className="num">{r.deposit}</td>
                  <td>{formatDateTime(r.appliedAt, dates)}</td>
                  <td>{r.reviewedAt ? formatDateTime(r.reviewedAt, dates) : '—'}</td>
                  <td className="wallet-break">{r.note || '—'}</td>
                  <td className="admin-actions">
                    {r.state === 'pending' ? (
                      <ReviewActions
                        t={t}
                        reason={notes[r.userId] ?? ''}
                        onReason={(v) => setNotes({ ...notes, [r.userId]: v })}
                        onDecide={(approve) => void decide(r, approve)}
                      />
                    ) : (
                      t(`admin.otc.application.${r.state}`)
                    )}
                  </td>
                </tr>
              ))}
              {!rows.length && (
                <tr>
                  <td colSpan={8} className="muted">
                    {t('common.noData')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
