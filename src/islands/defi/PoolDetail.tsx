import { useStore } from '../../lib/stores/first-frame.ts';
import type { EarnProduct } from '../../../isomorphic/contract/earn.ts';
import { $walletLinks } from '../../lib/defi/actions.ts';
import { productStore } from '../../lib/earn/stores.ts';
import { $idle } from '../../lib/stores/remote.ts';
import { balancesStore } from '../../lib/wallet/balances.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { EarnOrders } from '../earn/index.ts';
import { ProductFacts, ProductHeading } from '../earn/index.ts';
import { LoginPrompt } from '../ui/LoginPrompt.tsx';
import { MissingId, useAddressId } from '../ui/MissingId.tsx';
import { StakeForm } from './StakeForm.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

/** /defis/details?id=: one mining pool's terms, staking into it, and the user's mining orders. */
export default function PoolDetail({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const fmt = useStore($assetFormat);
  const isLogin = useStore($isLogin);
  // The pool named by ?id=; undefined until hydrated.
  const asked = useAddressId();
  const ready = asked !== undefined;
  // Loaded again after staking or redeeming here (what is staked moves).
  const answer = useStore(typeof asked === 'number' ? productStore(asked) : $idle);
  const pool = answer.status === 'success' ? answer.value : null;
  const error = asked === 'invalid' ? t('defi.detail.noPool') : answer.status === 'error' ? answer.error.message : '';

  if (asked === 'missing')
    return (
      <MissingId
        t={t}
        text={t('defi.detail.missing')}
        listHref={href('/defis/index')}
        listLabel={t('defi.detail.back')}
      />
    );
  return (
    <div className="defi-detail">
      <p>
        <a href={href('/defis/index')}>← {t('defi.detail.back')}</a>
      </p>
      {error ? (
        <p className="defi-note defi-note--error" role="alert">
          {error}
        </p>
      ) : !pool ? (
        <p className="defi-muted">{t('common.loading')}</p>
      ) : pool.kind !== 'mining' ? (
        <p className="defi-note defi-note--error" role="alert">
          {t('defi.detail.noPool')}
        </p>
      ) : (
        <>
          <ProductHeading t={t} product={pool} level={1} />
          <div className="defi-columns">
            <section className="defi-panel" aria-label={t('defi.detail.terms')}>
              <h2>{t('defi.detail.terms')}</h2>
              <ProductFacts t={t} product={pool} fmt={fmt} />
              <p className="defi-muted">{t('defi.detail.accrual')}</p>
            </section>
            <section className="defi-panel" aria-labelledby="defi-stake-title">
              <h2 id="defi-stake-title">{t('defi.stake.title')}</h2>
              {!ready ? null : isLogin ? (
                <Stake t={t} pool={pool} />
              ) : (
                <LoginPrompt t={t} text={t('defi.stake.loginFirst')} />
              )}
            </section>
          </div>
          {ready && isLogin && (
            <section className="defi-panel defi-orders" aria-labelledby="defi-orders-title">
              <h2 id="defi-orders-title">{t('defi.orders.title')}</h2>
              <EarnOrders
                t={t}
                kinds={['mining']}
                productPage={(o) => `/defis/details?id=${o.productId}`}
                highlight={pool.id}
              />
            </section>
          )}
        </>
      )}
    </div>
  );
}

/** The stake form with what it needs first: whether a wallet is linked, and the spot balance of the pool's coin. */
function Stake({ t, pool }: { t: T; pool: EarnProduct }) {
  const links = useStore($walletLinks);
  // The spot account (1): loaded again after staking.
  const spot = useStore(balancesStore(1));
  const failed = links.status === 'error' ? links : spot.status === 'error' ? spot : null;
  if (failed)
    return (
      <p className="defi-note defi-note--error" role="alert">
        {failed.error.message}
      </p>
    );
  if (links.status !== 'success' || spot.status !== 'success')
    return <p className="defi-muted">{t('common.loading')}</p>;
  const available = spot.value.find((c) => c.coin === pool.coin)?.available ?? '0';
  return <StakeForm t={t} pool={pool} available={available} linked={links.value.length > 0} />;
}
