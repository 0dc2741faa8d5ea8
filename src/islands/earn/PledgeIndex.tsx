import { useStore } from '../../lib/stores/first-frame.ts';
import { productsStore } from '../../lib/earn/stores.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { Hero } from './parts.tsx';
import { ProductList } from './ProductList.tsx';

/**
 * /pledge/index: the staking products with their terms and progress (docs/requirements.md §2, §3), and the way
 * to the user's orders.
 */
export default function PledgeIndex({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const list = useStore(productsStore('pledge'));
  return (
    <div className="earn-page">
      <Hero title={t('earn.pledge.title')} lead={t('earn.pledge.lead')}>
        <a className="btn btn--outline" href={href('/pledge/order')} data-testid="earn-my-orders">
          {t('earn.pledge.myOrders')}
        </a>
      </Hero>
      <ProductList
        t={t}
        list={list}
        empty={t('earn.pledge.none')}
        to={(p) => `/pledge/add?id=${p.id}`}
        action={t('earn.pledge.subscribe')}
      />
    </div>
  );
}
