import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { EarnProduct } from '../../../isomorphic/contract/earn.ts';
import { miningPool, walletLinks } from '../../lib/defi/actions.ts';
import { spotAvailable } from '../../lib/wallet/actions.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { EarnOrders } from '../earn/index.ts';
import { ProductFacts, ProductHeading } from '../earn/index.ts';
import { LoginPrompt } from '../ui/LoginPrompt.tsx';
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
  const [pool, setPool] = useState<EarnProduct | null>(null);
  const [error, setError] = useState('');
  const [ready, setReady] = useState(false);
  const [version, setVersion] = useState(0);

  const loadPool = (id: number) => miningPool(id).then(setPool, (e: unknown) => setError(e instanceof Error ? e.message : ''));
  useEffect(() => {
    setReady(true);
    const id = Number(new URLSearchParams(location.search).get('id'));
    if (Number.isSafeInteger(id) && id > 0) void loadPool(id);
    else setError(t('defi.detail.noPool'));
  }, []);
  const changed = () => {
    if (pool) void loadPool(pool.id);
    setVersion(version + 1);
  };

  return (
    <div className="defi-detail">
      <p><a href={href('/defis/index')}>← {t('defi.detail.back')}</a></p>
      {error ? <p className="defi-note defi-note--error" role="alert">{error}</p> : !pool ? <p className="defi-muted">{t('common.loading')}</p> : pool.kind !== 'mining' ? (
        <p className="defi-note defi-note--error" role="alert">{t('defi.detail.noPool')}</p>
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
              {!ready ? null : isLogin ? <Stake t={t} pool={pool} version={version} onStaked={changed} /> : <LoginPrompt t={t} text={t('defi.stake.loginFirst')} />}
            </section>
          </div>
          {ready && isLogin && (
            <section className="defi-panel defi-orders" aria-labelledby="defi-orders-title">
              <h2 id="defi-orders-title">{t('defi.orders.title')}</h2>
              <EarnOrders t={t} kinds={['mining']} productPage={(o) => `/defis/details?id=${o.productId}`} onRedeemed={changed} version={version} highlight={pool.id} />
            </section>
          )}
        </>
      )}
    </div>
  );
}

/** The stake form with what it needs first: whether a wallet is linked, and the spot balance of the pool's coin. */
function Stake({ t, pool, version, onStaked }: { t: T; pool: EarnProduct; version: number; onStaked: () => void }) {
  const [state, setState] = useState<{ linked: boolean; available: string } | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    Promise.all([walletLinks(), spotAvailable(pool.coin)]).then(
      ([links, available]) => setState({ linked: links.length > 0, available }),
      (e: unknown) => setError(e instanceof Error ? e.message : ''),
    );
  }, [pool.coin, version]);
  if (error) return <p className="defi-note defi-note--error" role="alert">{error}</p>;
  if (!state) return <p className="defi-muted">{t('common.loading')}</p>;
  return <StakeForm t={t} pool={pool} available={state.available} linked={state.linked} onStaked={onStaked} />;
}
