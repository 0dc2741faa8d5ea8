import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { AssetsOverview } from './AssetsOverview.tsx';
import { DepositForm } from './DepositForm.tsx';
import { Records } from './Records.tsx';
import { SwapForm } from './SwapForm.tsx';
import { TransferForm } from './TransferForm.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';
import { MarginAssets } from '../margin/index.ts';

/** docs/requirements.md §2 /assets/index?key= */
export const ASSET_KEYS = [
  'overview',
  'finance',
  'agreement',
  'margin',
  'recharge',
  'withdraw',
  'swap',
  'transfer',
  'tradeOrder',
  'records',
] as const;
/** docs/requirements.md §2 /account/wallet tabs */
export const WALLET_TABS = [
  'assets',
  'deposit',
  'withdrawal',
  'history-deposit',
  'history-withdrawal',
  'bills',
] as const;
type AssetKey = (typeof ASSET_KEYS)[number];
type WalletTab = (typeof WALLET_TABS)[number];

interface Props {
  locale: Locale;
  messages: Messages;
  /** 'assets': /assets/index?key=; 'wallet': /account/wallet?tab=. */
  mode: 'assets' | 'wallet';
  /** A fixed tab (the /account/wallet/assets page). */
  fixed?: string;
}

const param = (mode: Props['mode']) => (mode === 'assets' ? 'key' : 'tab');
const keysOf = (mode: Props['mode']): readonly string[] => (mode === 'assets' ? ASSET_KEYS : WALLET_TABS);

function fromUrl(mode: Props['mode']): string {
  if (typeof location === 'undefined') return keysOf(mode)[0]!;
  const key = new URLSearchParams(location.search).get(param(mode));
  return key && keysOf(mode).includes(key) ? key : keysOf(mode)[0]!;
}

/** The asset centre: one island for /assets/index and /account/wallet, a side menu and the chosen screen. */
export default function WalletApp({ locale, messages, mode, fixed }: Props) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  const [mounted, setMounted] = useState(false);
  const [key, setKey] = useState<string>(fixed ?? keysOf(mode)[0]!);
  const [coin, setCoin] = useState<string | undefined>();
  const [accounts, setAccounts] = useState<{ from?: number; to?: number }>({});
  useEffect(() => {
    if (!fixed) setKey(fromUrl(mode));
    // Links from other screens may name the coin and, for a transfer, the accounts (OTC: ?key=transfer&from=1&to=4).
    const q = new URLSearchParams(location.search);
    setCoin(q.get('coin') ?? undefined);
    setAccounts({ from: Number(q.get('from')) || undefined, to: Number(q.get('to')) || undefined });
    setMounted(true);
  }, []);

  const choose = (next: string, withCoin?: string) => {
    // The overview's row actions name screens of /assets/index; on /account/wallet they map onto its tabs.
    const mapped =
      mode === 'wallet'
        ? (({ recharge: 'deposit', withdraw: 'withdrawal' } as Record<string, string>)[next] ?? next)
        : next;
    if (!keysOf(mode).includes(mapped)) {
      location.href = href(`/assets/index?key=${next}`, locale);
      return;
    }
    setCoin(withCoin);
    setKey(mapped);
    if (!fixed) history.replaceState(null, '', `${location.pathname}?${param(mode)}=${mapped}`);
    else location.href = href(`/account/wallet?tab=${mapped}`, locale);
    window.scrollTo(0, 0);
  };
  const title = mode === 'assets' ? t(`assets.nav.${key}`) : t(`assets.tab.${key}`);

  return (
    <div className="user-centre wallet-app">
      <nav className="side-tabs" aria-label={t('assets.title')}>
        {keysOf(mode).map((k) => (
          <a
            key={k}
            href={`?${param(mode)}=${k}`}
            aria-current={k === key ? 'page' : undefined}
            className={k === key ? 'is-active' : undefined}
            onClick={(e) => {
              e.preventDefault();
              choose(k);
            }}
          >
            {mode === 'assets' ? t(`assets.nav.${k}`) : t(`assets.tab.${k}`)}
          </a>
        ))}
      </nav>
      <section className="panel" aria-live="polite">
        <h1 className="panel__title">{title}</h1>
        {!mounted ? (
          <p>{t('common.loading')}</p>
        ) : !isLogin ? (
          <p>
            {t('assets.loginRequired')}{' '}
            <a
              className="btn btn--primary"
              href={href(
                `/user/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`,
                locale,
              )}
            >
              {t('header.login')}
            </a>
          </p>
        ) : (
          <Screen t={t} mode={mode} screen={key} coin={coin} accounts={accounts} onAction={choose} />
        )}
      </section>
    </div>
  );
}

function Screen({
  t,
  mode,
  screen,
  coin,
  accounts,
  onAction,
}: {
  t: T;
  mode: Props['mode'];
  screen: string;
  coin?: string;
  accounts: { from?: number; to?: number };
  onAction: (k: string, coin?: string) => void;
}) {
  const s = mode === 'assets' ? (screen as AssetKey) : (screen as WalletTab);
  switch (s) {
    case 'overview':
    case 'assets':
      return <AssetsOverview t={t} onAction={onAction} />;
    case 'finance':
      return <AssetsOverview t={t} type={3} onAction={onAction} />;
    case 'agreement':
      return <AssetsOverview t={t} type={2} onAction={onAction} />;
    case 'margin':
      return <MarginAssets t={t} />;
    case 'recharge':
    case 'deposit':
      return (
        <>
          <DepositForm t={t} initialCoin={coin} />
          <h2 className="panel__subtitle">{t('assets.recentDeposits')}</h2>
          <Records t={t} kinds={['deposits']} />
        </>
      );
    case 'withdraw':
    case 'withdrawal':
      return (
        <>
          <WithdrawForm t={t} initialCoin={coin} />
          <h2 className="panel__subtitle">{t('assets.recentWithdrawals')}</h2>
          <Records t={t} kinds={['withdrawals']} />
        </>
      );
    case 'swap':
      return (
        <>
          <SwapForm t={t} />
          <h2 className="panel__subtitle">{t('assets.recentSwaps')}</h2>
          <Records t={t} kinds={['bills']} billType="swap" />
        </>
      );
    case 'transfer':
      return (
        <>
          <TransferForm t={t} initialCoin={coin} initialFrom={accounts.from} initialTo={accounts.to} />
          <h2 className="panel__subtitle">{t('assets.recentTransfers')}</h2>
          <Records t={t} kinds={['transfers']} />
        </>
      );
    case 'tradeOrder':
      return (
        <>
          <p className="field__hint">
            {t('assets.tradeOrderHint')} <a href={href('/account/entrust')}>{t('assets.orderCentre')}</a>
          </p>
          <Records t={t} kinds={['bills']} billType="trade" />
        </>
      );
    case 'history-deposit':
      return <Records t={t} kinds={['deposits']} />;
    case 'history-withdrawal':
      return <Records t={t} kinds={['withdrawals']} />;
    case 'records':
      return <Records t={t} kinds={['bills', 'deposits', 'withdrawals', 'transfers']} />;
    case 'bills':
      return <Records t={t} kinds={['bills']} />;
    default:
      return null;
  }
}
