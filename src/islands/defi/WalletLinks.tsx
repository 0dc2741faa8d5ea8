import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { DEFI_LINK_FEE } from '../../../isomorphic/contract/defi.values.ts';
import { $walletLinks, linkBrowserWallet } from '../../lib/defi/actions.ts';
import { balancesStore } from '../../lib/wallet/balances.ts';
import type { LinkOutcome } from '../../lib/defi/link.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import { href } from '../../lib/navigation.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';

const fee = DEFI_LINK_FEE;

/** What the screen says after a link attempt: the link made, or why not, in words, with a way on where there is one. */
function OutcomeText({ t, outcome, balance }: { t: T; outcome: LinkOutcome; balance: string }) {
  if (outcome.ok)
    return (
      <p className="defi-note defi-note--ok" role="status" data-testid="defi-link-done">
        {t('defi.link.done', { address: outcome.link.address, amount: fee.amount, coin: fee.coin })}
      </p>
    );
  const { problem } = outcome;
  const params = {
    address: outcome.address ?? '',
    message: outcome.message ?? '',
    amount: fee.amount,
    coin: fee.coin,
    balance,
  };
  const text = problem === 'server' ? (outcome.message ?? '') : t(`defi.problem.${problem}`, params);
  return (
    <p className="defi-note defi-note--error" role="alert" data-testid="defi-link-problem">
      {text}
      {problem === 'ethShort' && (
        <>
          {' '}
          <a href={href('/assets/index?key=recharge')}>{t('defi.problem.deposit')}</a>
          {' · '}
          <a href={href('/assets/index?key=swap')}>{t('defi.problem.swap')}</a>
        </>
      )}
    </p>
  );
}

/**
 * The user's linked wallet addresses and the way to link one more: the fee stated first with the spot ETH that pays
 * it, then the browser wallet asked for its account and for a signature of the server's message.
 */
export function WalletLinks({ t }: { t: T }) {
  const fmt = useStore($assetFormat);
  const dates = useStore($dateOptions);
  const linked = useStore($walletLinks);
  // The spot account (1), whose ETH pays the fee: loaded again after each try.
  const spot = useStore(balancesStore(1));
  const links = linked.status === 'success' && spot.status === 'success' ? linked.value : null;
  const eth = spot.status === 'success' ? (spot.value.find((c) => c.coin === fee.coin)?.available ?? '0') : null;
  const loadError =
    linked.status === 'error' ? linked.error.message : spot.status === 'error' ? spot.error.message : '';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<LinkOutcome | null>(null);

  const link = async () => {
    setBusy(true);
    setOutcome(null);
    const result = await linkBrowserWallet((links ?? []).map((l) => l.address));
    setOutcome(result);
    setBusy(false);
  };

  return (
    <section className="defi-panel" aria-labelledby="defi-links-title" data-testid="defi-links">
      <h2 id="defi-links-title">{t('defi.link.title')}</h2>
      {loadError && (
        <p className="defi-note defi-note--error" role="alert">
          {loadError}
        </p>
      )}
      {links === null ? (
        !loadError && <p className="defi-muted">{t('common.loading')}</p>
      ) : links.length === 0 ? (
        <p className="defi-muted">{t('defi.link.none')}</p>
      ) : (
        <ul className="defi-links">
          {links.map((l) => (
            <li key={l.address} data-testid="defi-link">
              <code className="defi-address">{l.address}</code>
              <span className="defi-muted">
                {t('defi.link.linkedAt', { time: formatDateTime(l.linkedAt, dates) })} ·{' '}
                {t('defi.link.feePaid', { amount: fmt(l.fee.amount, l.fee.coin), coin: l.fee.coin })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="defi-fee" data-testid="defi-fee">
        <p>
          <strong>{t('defi.link.fee', { amount: fee.amount, coin: fee.coin })}</strong>
        </p>
        {eth !== null && (
          <p className="defi-muted">{t('defi.link.balance', { balance: fmt(eth, fee.coin), coin: fee.coin })}</p>
        )}
        <p className="defi-muted">{t('defi.link.signHint')}</p>
      </div>
      <button
        type="button"
        className="btn btn--primary"
        disabled={busy || links === null}
        onClick={() => void link()}
        data-testid="defi-link-button"
      >
        {busy ? t('defi.link.working') : t(links?.length ? 'defi.link.another' : 'defi.link.button')}
      </button>
      {outcome && <OutcomeText t={t} outcome={outcome} balance={fmt(eth ?? '0', fee.coin)} />}
    </section>
  );
}
