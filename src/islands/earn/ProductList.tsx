import { useStore } from '../../lib/stores/first-frame.ts';
import type { EarnProduct } from '../../../isomorphic/contract/earn.ts';
import type { T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import type { Loadable } from '../../lib/stores/loadable.ts';
import { ProductFacts, ProductHeading } from './parts.tsx';

interface Props {
  t: T;
  list: Loadable<EarnProduct[]>;
  empty: string;
  /** Where a product's button leads (its subscription page), and what the button says. */
  to: (p: EarnProduct) => string;
  action: string;
}

/** Products as cards with their posted terms and progress, and a way to subscribe to each open one. */
export function ProductList({ t, list, empty, to, action }: Props) {
  const fmt = useStore($assetFormat);
  if (list.status === 'error')
    return (
      <p className="earn-note earn-note--error" role="alert">
        {list.error.message}
      </p>
    );
  if (list.status !== 'success') return <p className="earn-muted">{t('common.loading')}</p>;
  const products = list.value;
  if (!products.length)
    return (
      <p className="earn-muted" data-testid="earn-none">
        {empty}
      </p>
    );
  return (
    <ul className="earn-products">
      {products.map((p) => (
        <li key={p.id} className="earn-product" data-testid={`earn-product-${p.id}`}>
          <header className="earn-product__head">
            <ProductHeading t={t} product={p} level={3} />
            <span className="earn-coin">{p.coin}</span>
          </header>
          <ProductFacts t={t} product={p} fmt={fmt} />
          {p.open ? (
            <a className="btn btn--primary" href={href(to(p))}>
              {action}
            </a>
          ) : (
            <p className="earn-muted">{t('earn.product.closed')}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
