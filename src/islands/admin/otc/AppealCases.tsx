import { useState } from 'react';
import { useStore } from '../../../lib/stores/first-frame.ts';
import type { OtcAppealCase } from '../../../../isomorphic/contract/otc.ts';
import { formatDateTime } from '../../../../isomorphic/format/index.ts';
import type { T } from '../../../lib/i18n/client.ts';
import { appealCasesStore, decideAppeal } from '../../../lib/admin/otc-console.ts';
import { proofAddress, type AppealState } from '../../../lib/otc/console.ts';
import { $dateOptions } from '../../../lib/stores/settings.ts';
import { showToast } from '../../../lib/stores/toast.ts';
import { ChatImage, ChatPanel } from '../../chat/index.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Tabs } from '../../ui/Tabs.tsx';

const STATES: readonly AppealState[] = ['open', 'ruled'];
type Ruling = 'release' | 'refund';

/**
 * Appealed orders, oldest first: both sides, the amounts, the payment proof and the appeal's proof, the reason, the
 * order chat (read only), and the ruling: release the escrow to the buyer or refund it to the seller, with a note.
 */
export function AppealCases({ t }: { t: T }) {
  const [state, setState] = useState<AppealState>('open');
  // Loaded again after each ruling.
  const queue = useStore(appealCasesStore(state));
  const rows = queue.status === 'success' ? queue.value : null;
  return (
    <>
      <p className="field__hint">{t('admin.otc.appeals.hint')}</p>
      <Tabs
        label={t('admin.otc.appeals')}
        active={state}
        onChange={setState}
        tabs={STATES.map((s) => ({ key: s, label: t(`admin.otc.appeal.${s}`) }))}
      />
      {!rows ? (
        <p className="muted">{t('common.loading')}</p>
      ) : !rows.length ? (
        <p className="muted">{t('common.noData')}</p>
      ) : (
        rows.map((r) => <AppealCase key={r.id} t={t} order={r} />)
      )}
    </>
  );
}

function AppealCase({ t, order }: { t: T; order: OtcAppealCase }) {
  const dates = useStore($dateOptions);
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState<Ruling | null>(null);
  const appeal = order.appeal;
  const when = (ms: number | null) => (ms ? formatDateTime(ms, dates) : '—');
  const party = (p: { id: number; nickname: string }) => `${p.nickname} #${p.id}`;
  const paidWith = order.payments.find((p) => p.id === order.paidWith);

  const ask = (ruling: Ruling) => {
    if (!note.trim()) return showToast('error', t('admin.otc.noteRequired'));
    setAsking(ruling);
  };
  const rule = async () => {
    const ruling = asking!;
    setAsking(null);
    try {
      await decideAppeal(order.id, ruling, note.trim());
      showToast('success', t(`admin.otc.ruled.${ruling}`));
    } catch {
      // The API client has shown the message.
    }
  };

  return (
    <article className="otc-case" data-testid="admin-otc-appeal" data-order={order.orderCode}>
      <div className="otc-case__facts">
        <h3>
          {t('admin.otc.order', { code: order.orderCode })}{' '}
          <span className={`otc-case__state otc-case__state--${order.state}`}>{t(`otc.state.${order.state}`)}</span>
        </h3>
        <dl className="otc-case__grid">
          <dt>{t('admin.otc.buyer')}</dt>
          <dd>{party(order.buyer)}</dd>
          <dt>{t('admin.otc.seller')}</dt>
          <dd>{party(order.seller)}</dd>
          <dt>{t('admin.otc.amount')}</dt>
          <dd>
            {order.amount} {order.coin}
          </dd>
          <dt>{t('admin.otc.price')}</dt>
          <dd>
            {order.price} {order.fiat}
          </dd>
          <dt>{t('admin.otc.fiatAmount')}</dt>
          <dd>
            {order.fiatAmount} {order.fiat}
          </dd>
          <dt>{t('admin.otc.paidWith')}</dt>
          <dd>{paidWith ? `${t(`identity.payment.kind.${paidWith.kind}`)} · ${paidWith.name}` : '—'}</dd>
          <dt>{t('admin.otc.createdAt')}</dt>
          <dd>{when(order.createdAt)}</dd>
          <dt>{t('admin.otc.paidAt')}</dt>
          <dd>{when(order.paidAt)}</dd>
          {appeal && (
            <>
              <dt>{t('admin.otc.appealBy')}</dt>
              <dd>
                {t(`admin.otc.${appeal.by}`)} · {when(appeal.at)}
              </dd>
              <dt>{t('admin.otc.reason')}</dt>
              <dd className="otc-case__text">{appeal.reason}</dd>
            </>
          )}
        </dl>
        <div className="otc-case__proofs">
          {order.proof && <Proof t={t} label={t('admin.otc.paymentProof')} proof={order.proof} />}
          {appeal?.proof && <Proof t={t} label={t('admin.otc.appealProof')} proof={appeal.proof} />}
          {!order.proof && !appeal?.proof && <p className="muted">{t('admin.otc.noProof')}</p>}
        </div>
        {appeal?.ruling ? (
          <p className="otc-case__ruling" data-testid="admin-otc-ruling">
            <strong>{t(`admin.otc.ruled.${appeal.ruling}`)}</strong> · {when(appeal.ruledAt)}
            {appeal.note && <span className="otc-case__text"> — {appeal.note}</span>}
          </p>
        ) : (
          order.state === 'appealed' && (
            <div className="otc-case__rule">
              <textarea
                rows={2}
                value={note}
                maxLength={500}
                placeholder={t('admin.otc.rulingNote')}
                aria-label={t('admin.otc.rulingNote')}
                onChange={(e) => setNote(e.target.value)}
              />
              <div className="admin-actions">
                <button type="button" className="btn btn--primary" onClick={() => ask('release')}>
                  {t('admin.otc.release')}
                </button>
                <button type="button" className="btn btn--danger" onClick={() => ask('refund')}>
                  {t('admin.otc.refund')}
                </button>
              </div>
            </div>
          )
        )}
      </div>
      <div className="otc-case__chat">
        <h4>{t('admin.otc.orderChat')}</h4>
        <ChatPanel chatId={order.chatId} readOnly />
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={t(`admin.otc.confirm.${asking ?? 'release'}`)}
        body={t(`admin.otc.confirm.${asking ?? 'release'}.body`, {
          amount: order.amount,
          coin: order.coin,
          buyer: order.buyer.nickname,
          seller: order.seller.nickname,
        })}
        confirmLabel={t(`admin.otc.${asking ?? 'release'}`)}
        cancelLabel={t('admin.otc.cancel')}
        onConfirm={() => void rule()}
        onCancel={() => setAsking(null)}
      />
    </article>
  );
}

function Proof({ t, label, proof }: { t: T; label: string; proof: string }) {
  return (
    <figure className="otc-case__proof">
      <ChatImage address={proofAddress(proof)} alt={label} />
      <figcaption>{label}</figcaption>
    </figure>
  );
}
