import { useStore } from '../../lib/stores/first-frame.ts';
import type { ProofRoot } from '../../../isomorphic/contract/proof.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { verdictMessage, type Verdict } from '../../lib/proof/check.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { Amounts } from '../ui/Amounts.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';

/** Published roots: when, as of which journal batch, how many users, the root, and the liabilities per asset. */
export function RootsTable({ t, roots }: { t: T; roots: ProofRoot[] }) {
  const dates = useStore($dateOptions);
  const columns: Array<Column<ProofRoot>> = [
    { key: 'number', label: t('proof.number'), cell: (r) => `#${r.id}`, phone: 'title' },
    { key: 'taken', label: t('proof.takenAt'), cell: (r) => formatDateTime(r.takenAt, dates) },
    { key: 'batch', label: t('proof.batch'), num: true, cell: (r) => r.seq },
    { key: 'users', label: t('proof.users'), num: true, cell: (r) => r.leafCount },
    { key: 'root', label: t('proof.root'), cell: (r) => <code className="proof-hash">{r.root}</code> },
    { key: 'liabilities', label: t('proof.liabilities'), cell: (r) => <Amounts list={r.totals} /> },
  ];
  return (
    <div className="wallet-scroll">
      <DataTable
        className="wallet-table"
        testId="proof-roots"
        columns={columns}
        rows={roots}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-proof': String(r.id) })}
        empty={t('proof.noneYet')}
      />
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
