import { useState } from 'react';
import type { ContractKindName, ContractView } from '../../../isomorphic/contract/perpetual.ts';
import type { T } from '../../lib/i18n/client.ts';
import { changeTone, formatAmount, formatChangePercent } from '../../../isomorphic/format/index.ts';
import { formatRate } from '../../../isomorphic/perpetual/math.ts';

/** The two tabs, in the order of the contract's CONTRACT_KINDS (a type import keeps zod out of the island). */
const KINDS: readonly ContractKindName[] = ['usdt', 'coin'];

interface Props {
  t: T;
  contracts: ContractView[];
  kind: ContractKindName;
  current: string;
  onKind: (kind: ContractKindName) => void;
  onChoose: (symbol: string) => void;
}

/**
 * The contracts beside the chart: USDT-M and COIN-M tabs, a search, each with its last and mark price, change and
 * funding.
 */
export function ContractList({ t, contracts, kind, current, onKind, onChoose }: Props) {
  const [query, setQuery] = useState('');
  const shown = contracts.filter(
    (c) => c.kind === kind && c.showSymbol.toLowerCase().includes(query.trim().toLowerCase()),
  );
  return (
    <section className="market-list perp-list" aria-label={t('perp.contracts')}>
      <div className="segmented" role="tablist" aria-label={t('perp.contracts')}>
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === kind}
            className={k === kind ? 'is-active' : ''}
            onClick={() => onKind(k)}
          >
            {t(`perp.kind.${k}`)}
          </button>
        ))}
      </div>
      <input
        className="market-list__search"
        type="search"
        placeholder={t('trade.search')}
        aria-label={t('trade.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        maxLength={20}
      />
      <table className="grid-table" data-testid="perp-contracts">
        <thead>
          <tr>
            <th scope="col">{t('perp.contract')}</th>
            <th scope="col" className="num">
              {t('trade.lastPrice')}
            </th>
            <th scope="col" className="num">
              {t('trade.change24h')} / {t('perp.funding')}
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((c) => (
            <tr
              key={c.symbol}
              className={c.symbol === current ? 'is-current' : undefined}
              onClick={() => onChoose(c.symbol)}
            >
              <td>
                <button type="button" className="link-button market-list__name" onClick={() => onChoose(c.symbol)}>
                  {c.base}
                  {c.quote}
                </button>
              </td>
              <td className="num">
                {c.last ? formatAmount(c.last, c.priceScale) : '--'}
                <small className="perp-list__mark" title={t('perp.markPrice')}>
                  {c.mark ? formatAmount(c.mark, c.priceScale) : '--'}
                </small>
              </td>
              <td className="num">
                <span className={`is-${changeTone(c.change)}`}>{formatChangePercent(c.change)}</span>
                <small className="perp-list__mark" title={t('perp.funding')}>
                  {formatRate(c.fundingRate)}
                </small>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length === 0 && <p className="muted">{t('trade.noMarkets')}</p>}
    </section>
  );
}
