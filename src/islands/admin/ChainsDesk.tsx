import { useState, type ReactNode } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { ChainOverview, ManualAddress } from '../../../isomorphic/contract/chain.ts';
import { formatAssetAmount as fmt, formatDateTime } from '../../../isomorphic/format/index.ts';
import {
  $chainOverview,
  $manualAddresses,
  reloadChainOverview,
  reloadManualAddresses,
  saveChainSettings,
  setManualAddress,
  settingsFormOf,
  type ChainSettingsForm,
} from '../../lib/chain/admin.ts';
import type { T } from '../../lib/i18n/client.ts';
import type { Loadable } from '../../lib/stores/loadable.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { Select } from '../ui/Select.tsx';
import { ChainName, useCoinNetwork } from '../wallet/index.ts';
import { type Column, DataTable } from '../ui/DataTable.tsx';

/**
 * The chains as operators watch them (docs/products/chain.md): hot wallets and what waits on deposit addresses,
 * liabilities beside what is on chain, the gas budget, the auto-approval limits and warning thresholds, and the
 * manual deposit addresses of networks the platform holds no key for.
 */
export function ChainsDesk({ t }: { t: T }) {
  const overview = useStore($chainOverview);
  return (
    <div className="chain-admin" data-testid="admin-chains">
      <Loaded t={t} value={overview} retry={reloadChainOverview}>
        {(o) => (
          <>
            <Holdings t={t} o={o} />
            <Settings key={JSON.stringify(settingsFormOf(o))} t={t} o={o} />
          </>
        )}
      </Loaded>
      <ManualAddresses t={t} />
    </div>
  );
}

/** A section's content once loaded; before, loading; on failure, a translated line with a retry. */
function Loaded<V>({
  t,
  value,
  retry,
  children,
}: {
  t: T;
  value: Loadable<V>;
  retry: () => Promise<void>;
  children: (v: V) => ReactNode;
}) {
  if (value.status === 'success') return <>{children(value.value)}</>;
  if (value.status === 'error')
    return (
      <p className="field__error" role="alert">
        {t('onchain.admin.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={() => void retry().catch(() => {})}>
          {t('onchain.retry')}
        </button>
      </p>
    );
  return <p className="muted">{t('common.loading')}</p>;
}

function Holdings({ t, o }: { t: T; o: ChainOverview }) {
  return (
    <>
      <section>
        <h2 className="panel__subtitle">{t('onchain.admin.holdings')}</h2>
        <div className="wallet-scroll">
          <DataTable
            className="wallet-table"
            testId="chain-holdings"
            rows={o.holdings}
            rowKey={(h) => `${h.chain.key}:${h.coin}`}
            rowProps={(h) => ({ 'data-coin': h.coin })}
            empty={t('onchain.admin.noChain')}
            columns={[
              {
                key: 'chain',
                label: t('onchain.chain'),
                phone: 'title',
                cell: (h) => <ChainName t={t} chain={h.chain} />,
              },
              { key: 'coin', label: t('assets.coin'), cell: (h) => h.coin },
              {
                key: 'hot',
                label: t('onchain.admin.hotWallet'),
                className: 'wallet-break',
                cell: (h) => <code>{h.hotWallet}</code>,
              },
              {
                key: 'balance',
                label: t('onchain.admin.balance'),
                num: true,
                cell: (h) => (
                  <>
                    {fmt(h.hot, 8)}
                    {h.low && (
                      <div className="chain-low" role="alert" data-testid="hot-low">
                        {t('onchain.admin.low', { amount: fmt(h.warnBelow, 8) })}
                      </div>
                    )}
                  </>
                ),
              },
              { key: 'unswept', label: t('onchain.admin.unswept'), num: true, cell: (h) => fmt(h.unswept, 8) },
            ]}
          />
        </div>
      </section>
      <section>
        <h2 className="panel__subtitle">{t('onchain.admin.coverage')}</h2>
        <div className="wallet-scroll">
          <DataTable
            className="wallet-table"
            testId="chain-coverage"
            rows={o.coins}
            rowKey={(c) => c.coin}
            rowProps={(c) => ({ 'data-coin': c.coin })}
            empty={t('common.noData')}
            columns={[
              { key: 'coin', label: t('assets.coin'), phone: 'title', cell: (c) => c.coin },
              {
                key: 'liabilities',
                label: t('onchain.admin.liabilities'),
                num: true,
                cell: (c) => fmt(c.liabilities, 8),
              },
              { key: 'onChain', label: t('onchain.admin.onChain'), num: true, cell: (c) => fmt(c.onChain, 8) },
              {
                key: 'gas',
                label: t('onchain.admin.gasBudget'),
                num: true,
                cell: (c) => (o.gasBudget[c.coin] === undefined ? '--' : fmt(o.gasBudget[c.coin]!, 8)),
              },
            ]}
          />
        </div>
        <p className="field__hint">{t('onchain.admin.gasHint')}</p>
      </section>
    </>
  );
}

/** The auto-approval limit and the hot wallet's warning threshold of every coin on a watched chain. */
function Settings({ t, o }: { t: T; o: ChainOverview }) {
  const [form, setForm] = useState<ChainSettingsForm>(() => settingsFormOf(o));
  const [busy, setBusy] = useState(false);
  const coins = Object.keys(form.autoApprove);
  const edit = (field: keyof ChainSettingsForm, coin: string, v: string) =>
    setForm({ ...form, [field]: { ...form[field], [coin]: v } });
  const save = async () => {
    setBusy(true);
    try {
      await saveChainSettings(form);
      showToast('success', t('common.operationSuccess'));
    } catch {
      // The API client has shown the message.
    } finally {
      setBusy(false);
    }
  };
  if (!coins.length) return null;
  return (
    <section className="chain-settings">
      <h2 className="panel__subtitle">{t('onchain.admin.settings')}</h2>
      <p className="field__hint">{t('onchain.admin.settingsHint')}</p>
      <div className="wallet-scroll">
        <DataTable
          className="wallet-table"
          testId="chain-settings"
          rows={coins}
          rowKey={(coin) => coin}
          rowProps={(coin) => ({ 'data-coin': coin })}
          columns={[
            { key: 'coin', label: t('assets.coin'), phone: 'title', cell: (coin) => coin },
            ...(['autoApprove', 'warnBelow'] as const).map(
              (field): Column<string> => ({
                key: field,
                label: t(`onchain.admin.${field}`),
                cell: (coin) => (
                  <input
                    name={`${field}-${coin}`}
                    inputMode="decimal"
                    placeholder={t('onchain.admin.none')}
                    aria-label={`${t(`onchain.admin.${field}`)} ${coin}`}
                    value={form[field][coin] ?? ''}
                    onChange={(e) => edit(field, coin, e.target.value)}
                  />
                ),
              }),
            ),
          ]}
        />
      </div>
      <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void save()}>
        {t('admin.save')}
      </button>
    </section>
  );
}

/** The manual deposit addresses: listed, set for a coin and network, removed (saved empty). */
function ManualAddresses({ t }: { t: T }) {
  const list = useStore($manualAddresses);
  const dates = useStore($dateOptions);
  const { coin, setCoin, network, setNetwork, coins, coinNetworks } = useCoinNetwork();
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (a: Pick<ManualAddress, 'coin' | 'network' | 'address'>) => {
    setBusy(true);
    try {
      await setManualAddress(a.coin, a.network, a.address);
      if (a.address) setAddress('');
      showToast('success', t('common.operationSuccess'));
    } catch {
      // The API client has shown the message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <section>
      <h2 className="panel__subtitle">{t('onchain.admin.manual')}</h2>
      <p className="field__hint">{t('onchain.admin.manualHint')}</p>
      <Loaded t={t} value={list} retry={reloadManualAddresses}>
        {(rows) => (
          <div className="wallet-scroll">
            <table className="wallet-table" data-testid="manual-addresses">
              <thead>
                <tr>
                  <th>{t('assets.coin')}</th>
                  <th>{t('assets.network')}</th>
                  <th>{t('onchain.admin.address')}</th>
                  <th>{t('onchain.admin.updated')}</th>
                  <th>{t('assets.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.coin}:${r.network}`} data-coin={r.coin}>
                    <td>{r.coin}</td>
                    <td>{r.network}</td>
                    <td className="wallet-break">
                      <code>{r.address}</code>
                    </td>
                    <td>{formatDateTime(r.updatedAt, dates)}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn--outline"
                        disabled={busy}
                        onClick={() => void run({ ...r, address: '' })}
                      >
                        {t('onchain.admin.remove')}
                      </button>
                    </td>
                  </tr>
                ))}
                {!rows.length && (
                  <tr>
                    <td colSpan={5} className="muted">
                      {t('common.noData')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        )}
      </Loaded>
      <form
        className="chain-manual-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (address.trim()) void run({ coin, network, address });
        }}
      >
        <Select
          label={t('assets.coin')}
          name="manual-coin"
          value={coin}
          onChange={setCoin}
          options={coins.map((c) => ({ value: c, label: c }))}
        />
        <Select
          label={t('assets.network')}
          name="manual-network"
          value={network}
          onChange={setNetwork}
          options={coinNetworks.map((n) => ({ value: n.network, label: n.network }))}
        />
        <label className="field chain-manual-address">
          <span className="field__label">{t('onchain.admin.address')}</span>
          <input name="manual-address" value={address} onChange={(e) => setAddress(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--primary" disabled={busy || !address.trim()}>
          {t('onchain.admin.set')}
        </button>
      </form>
    </section>
  );
}
