import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { EarnProduct } from '../../../isomorphic/contract/earn.ts';
import { productsStore } from '../../lib/earn/stores.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { LoginPrompt } from '../ui/LoginPrompt.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { EarnOrders } from './EarnOrders.tsx';
import { Income } from './Income.tsx';
import { Hero } from './parts.tsx';
import { ProductList } from './ProductList.tsx';

/**
 * The requirements' finance tabs. Value-added: the flexible products (paid every day, redeemable any time); ordinary:
 * the fixed-term products; members area: the platform has no membership levels, so no product is for members only and
 * the tab says so; my investments: the user's finance orders and what ended orders paid.
 */
export const FINANCE_TABS = ['valueAdded', 'members', 'ordinary', 'mine'] as const;
type Tab = (typeof FINANCE_TABS)[number];

/** /finance/investment?tab=: the finance products and the user's investments. */
export default function FinanceHome({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const [tab, setTab] = useState<Tab>('valueAdded');
  const products = useStore(productsStore('finance'));
  useEffect(() => {
    const asked = new URLSearchParams(location.search).get('tab');
    if ((FINANCE_TABS as readonly string[]).includes(asked ?? '')) setTab(asked as Tab);
  }, []);
  const choose = (next: Tab) => {
    setTab(next);
    history.replaceState(null, '', `${location.pathname}?tab=${next}`);
  };
  const list = (kind: EarnProduct['kind'], empty: string) => (
    <ProductList
      t={t}
      list={
        products.status === 'success'
          ? { status: 'success', value: products.value.filter((p) => p.kind === kind) }
          : products
      }
      empty={empty}
      to={(p) => `/finance/detail?id=${p.id}`}
      action={t('earn.finance.invest')}
    />
  );
  return (
    <div className="earn-page">
      <Hero title={t('earn.finance.title')} lead={t('earn.finance.lead')} />
      <Tabs
        label={t('earn.finance.title')}
        tabs={FINANCE_TABS.map((k) => ({ key: k, label: t(`earn.finance.tab.${k}`) }))}
        active={tab}
        onChange={choose}
      />
      <section className="earn-tab" aria-live="polite">
        <p className="earn-muted earn-tab__lead">{t(`earn.finance.about.${tab}`)}</p>
        {tab === 'valueAdded' && list('flexible', t('earn.finance.noneFlexible'))}
        {tab === 'ordinary' && list('fixed', t('earn.finance.noneFixed'))}
        {tab === 'members' && (
          <p className="earn-note" data-testid="earn-members">
            <a
              href="?tab=valueAdded"
              onClick={(e) => {
                e.preventDefault();
                choose('valueAdded');
              }}
            >
              {t('earn.finance.tab.valueAdded')}
            </a>
            {' · '}
            <a
              href="?tab=ordinary"
              onClick={(e) => {
                e.preventDefault();
                choose('ordinary');
              }}
            >
              {t('earn.finance.tab.ordinary')}
            </a>
          </p>
        )}
        {tab === 'mine' && <Mine t={t} />}
      </section>
    </div>
  );
}

/** My investments: the finance orders by kind and state, and the income history of every ended earn order. */
function Mine({ t }: { t: T }) {
  const isLogin = useStore($isLogin);
  if (!isLogin) return <LoginPrompt t={t} text={t('earn.orders.loginFirst')} />;
  return (
    <>
      <EarnOrders t={t} kinds={['fixed', 'flexible']} productPage={(o) => `/finance/detail?id=${o.productId}`} />
      <h2 className="earn-subtitle">{t('earn.income.title')}</h2>
      <Income t={t} />
      <p className="earn-muted">
        <a href={href('/pledge/order')}>{t('earn.pledge.myOrders')}</a>
      </p>
    </>
  );
}
