import { useStore } from '../../lib/stores/first-frame.ts';
import type { ProofRoot } from '../../../isomorphic/contract/proof.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { verdictMessage, type Verdict } from '../../lib/proof/check.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { Amounts } from '../ui/Amounts.tsx';

/** Published roots: when, as of which journal batch, how many users, the root, and the liabilities per asset. */
export function RootsTable({ t, roots }: { t: T; roots: ProofRoot[] }) {
  const dates = useStore($dateOptions);
  return (
    <div className="wallet-scroll">
      <table className="wallet-table" data-testid="proof-roots">
        <thead>
          <tr>
            <th>{t('proof.number')}</th>
            <th>{t('proof.takenAt')}</th>
            <th className="num">{t('proof.batch')}</th>
            <th className="num">{t('proof.users')}</th>
            <th>{t('proof.root')}</th>
            <th>{t('proof.liabilities')}</th>
          </tr>
        </thead>
        <tbody>
          {roots.map((r) => (
            <tr key={r.id} data-proof={r.id}>
              <td>#{r.id}</td>
              <td>{formatDateTime(r.takenAt, dates)}</td>
              <td className="num">{r.seq}</td>
              <td className="num">{r.leafCount}</td>
              <td>
                <code className="proof-hash">{r.root}</code>
              </td>
              <td>
                <Amounts list={r.totals} />
              </td>
            </tr>
          ))}
          {!roots.length && (
            <tr>
              <td colSpan={6} className="muted">
                {t('proof.noneYet')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A verdict as a sentence, green when the proof holds. */
export function VerdictLine({ t, verdict }: { t: T; verdict: Verdict }) {
  const [key, values] = verdictMessage(verdict);
  return (
    <p
      role="status"
      className={`proof-verdict ${verdict.kind === 'verified' ? 'proof-verdict--ok' : 'proof-verdict--bad'}`}
      data-testid="proof-verdict"
    >
      {t(key, values)}
    </p>
  );
}
