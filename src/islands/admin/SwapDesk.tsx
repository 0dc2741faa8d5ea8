import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { $swapDesk, fundSwapDesk, setSwapLimit } from '../../lib/wallet/admin.ts';
import { formatAssetAmount as fmt } from '../../../isomorphic/format/index.ts';

/**
 * The swap desk as operators run it: per coin what it holds and the most one swap may pay out. Swaps are refused
 * beyond either; operators add inventory (from outside, like a deposit) or change a limit, both audited.
 */
export function SwapDesk({ t }: { t: T }) {
  const desk = useStore($swapDesk);
  const rows = desk.status === 'success' ? desk.value : null;
  const [inputs, setInputs] = useState<Record<string, { add: string; limit: string }>>({});
  const input = (coin: string) => inputs[coin] ?? { add: '', limit: '' };
  const edit = (coin: string, field: 'add' | 'limit', value: string) =>
    setInputs({ ...inputs, [coin]: { ...input(coin), [field]: value } });
  const run = async (coin: string, field: 'add' | 'limit') => {
    try {
      await (field === 'add' ? fundSwapDesk(coin, input(coin).add) : setSwapLimit(coin, input(coin).limit));
      edit(coin, field, '');
      showToast('success', t('common.operationSuccess'));
    } catch {
      // The API client has shown the message.
    }
  };
  if (!rows) return <p className="muted">{t('common.loading')}</p>;
  return (
    <>
      <p className="field__hint">{t('admin.swap.hint')}</p>
      <div className="wallet-scroll">
        <table className="wallet-table" data-testid="admin-swap-desk">
          <thead>
            <tr>
              <th>{t('admin.currency')}</th>
              <th className="num">{t('admin.swap.inventory')}</th>
              <th className="num">{t('admin.swap.maxPerSwap')}</th>
              <th>{t('admin.swap.add')}</th>
              <th>{t('admin.swap.setLimit')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.coin} data-coin={r.coin}>
                <td>{r.coin}</td>
                <td className="num">{fmt(r.inventory, 8)}</td>
                <td className="num">{fmt(r.maxPerSwap, 8)}</td>
                <td>
                  <div className="admin-actions">
                    <input
                      name={`add-${r.coin}`}
                      inputMode="decimal"
                      size={12}
                      aria-label={`${t('admin.swap.add')} ${r.coin}`}
                      value={input(r.coin).add}
                      onChange={(e) => edit(r.coin, 'add', e.target.value)}
                    />
                    <button
                      type="button"
                      className="btn"
                      disabled={!input(r.coin).add}
                      onClick={() => void run(r.coin, 'add')}
                    >
                      {t('admin.swap.addButton')}
                    </button>
                  </div>
                </td>
                <td>
                  <div className="admin-actions">
                    <input
                      name={`limit-${r.coin}`}
                      inputMode="decimal"
                      size={12}
                      aria-label={`${t('admin.swap.setLimit')} ${r.coin}`}
                      value={input(r.coin).limit}
                      onChange={(e) => edit(r.coin, 'limit', e.target.value)}
                    />
                    <button
                      type="button"
                      className="btn"
                      disabled={!input(r.coin).limit}
                      onClick={() => void run(r.coin, 'limit')}
                    >
                      {t('admin.save')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
