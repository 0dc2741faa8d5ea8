import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { EarnKind, EarnOrder } from '../../../isomorphic/contract/earn.ts';
import { productStore } from '../../lib/earn/stores.ts';
import { $idle } from '../../lib/stores/remote.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { LoginPrompt } from '../ui/LoginPrompt.tsx';
import { MissingId, useAddressId } from '../ui/MissingId.tsx';
import { ProductFacts, ProductHeading } from './parts.tsx';
import { SubscribeForm } from './SubscribeForm.tsx';

/**
 * The two subscription pages: staking (/pledge/add) and finance (/finance/detail), each for its own kinds of product.
 */
const AREAS = {
  pledge: { kinds: ['pledge'], back: '/pledge/index', orders: '/pledge/order' },
  finance: { kinds: ['fixed', 'flexible'], back: '/finance/investment', orders: '/finance/investment?tab=mine' },
} as const satisfies Record<string, { kinds: readonly EarnKind[]; back: string; orders: string }>;

interface Props {
  locale: Locale;
  messages: Messages;
  area: keyof typeof AREAS;
}

/** /pledge/add?id= and /finance/detail?id=: one product's terms and the subscription, then where the order is. */
export default function SubscribePage({ locale, messages, area }: Props) {
  const t = useMessages(locale, messages);
  const fmt = useStore($assetFormat);
  const dates = useStore($dateOptions);
  const isLogin = useStore($isLogin);
  const where = AREAS[area];
  // The product named by ?id=; undefined until hydrated.
  const asked = useAddressId();
  const ready = asked !== undefined;
  const [done, setDone] = useState<EarnOrder | null>(null);
  // Loaded again after a subscription here (what is sold moves).
  const answer = useStore(typeof asked === 'number' ? productStore(asked) : $idle);
  const product = answer.status === 'success' ? answer.value : null;
  const error =
    asked === 'invalid' ? t('earn.detail.noProduct') : answer.status === 'error' ? answer.error.message : '';
  const ours = product !== null && (where.kinds as readonly EarnKind[]).includes(product.kind);

  if (asked === 'missing')
    return (
      <MissingId
        t={t}
        text={t(`earn.detail.missing.${area}`)}
        listHref={href(where.back)}
        listLabel={t(`earn.detail.back.${area}`)}
      />
    );
  return (
    <div className="earn-page">
      <p>
        <a href={href(where.back)}>← {t(`earn.detail.back.${area}`)}</a>
      </p>
      {error ? (
        <p className="earn-note earn-note--error" role="alert">
          {error}
        </p>
      ) : !product ? (
        <p className="earn-muted">{t('common.loading')}</p>
      ) : !ours ? (
        <p className="earn-note earn-note--error" role="alert">
          {t('earn.detail.noProduct')}
        </p>
      ) : (
        <>
          <ProductHeading t={t} product={product} level={1} />
          <div className="earn-columns">
            <section className="earn-panel" aria-labelledby="earn-terms-title">
              <h2 id="earn-terms-title">{t('earn.detail.terms')}</h2>
              <ProductFacts t={t} product={product} fmt={fmt} />
              <p className="earn-muted">
                {t(product.kind === 'flexible' ? 'earn.detail.accrualFlexible' : 'earn.detail.accrual')}
              </p>
            </section>
            <section className="earn-panel" aria-labelledby="earn-subscribe-title">
              <h2 id="earn-subscribe-title">{t('earn.subscribe.title')}</h2>
              {!ready ? null : !isLogin ? (
                <LoginPrompt t={t} text={t('earn.subscribe.loginFirst')} />
              ) : (
                <>
                  <SubscribeForm t={t} product={product} onDone={setDone} />
                  {done && (
                    <p className="earn-note earn-note--ok" role="status" data-testid="earn-subscribed">
                      {t('earn.subscribe.done', {
                        amount: fmt(done.amount, done.coin),
                        coin: done.coin,
                        date: formatDateTime(done.beginAt, dates),
                      })}{' '}
                      <a href={href(where.orders)}>{t('earn.subscribe.seeOrders')}</a>
                    </p>
                  )}
                </>
              )}
            </section>
          </div>
        </>
      )}
    </div>
  );
}
