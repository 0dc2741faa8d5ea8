import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { productsStore } from '../../lib/earn/stores.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { ProductList } from '../earn/index.ts';
import { LoginPrompt } from '../ui/LoginPrompt.tsx';
import { WalletLinks } from './WalletLinks.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

/** /defis/index: the mining pools with their posted terms, and the user's wallet links. */
export default function DefiHome({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div className="defi-home">
      <div className="defi-columns">
        <Pools t={t} />
        {!ready ? (
          <p className="defi-muted">{t('common.loading')}</p>
        ) : isLogin ? (
          <WalletLinks t={t} />
        ) : (
          <section className="defi-panel">
            <LoginPrompt t={t} text={t('defi.link.loginFirst')} />
          </section>
        )}
      </div>
    </div>
  );
}

function Pools({ t }: { t: T }) {
  const pools = useStore(productsStore('defi'));
  return (
    <section className="defi-pools" aria-labelledby="defi-pools-title">
      <h2 id="defi-pools-title">{t('defi.pools.title')}</h2>
      <ProductList
        t={t}
        list={pools}
        empty={t('defi.pools.none')}
        to={(p) => `/defis/details?id=${p.id}`}
        action={t('defi.pool.start')}
      />
    </section>
  );
}
