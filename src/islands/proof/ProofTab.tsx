import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { $idle } from '../../lib/stores/remote.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import { href } from '../../lib/navigation.ts';
import { downloadProof, myLeafStore, proofRootsStore } from '../../lib/proof/actions.ts';
import { verifyFile, type Verdict } from '../../lib/proof/check.ts';
import { leafText } from '../../../isomorphic/proof/leaf.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import type { TabProps } from '../account/index.ts';
import { Select } from '../ui/Select.tsx';
import { Amounts } from '../ui/Amounts.tsx';
import { VerdictLine } from './parts.tsx';

/**
 * The user's place in the proof of liabilities: pick a published proof, see the balances their leaf commits to,
 * check in the browser that the leaf and its path lead to the published root, and download the file to check it
 * anywhere else.
 */
export function ProofTab({ t, locale }: TabProps) {
  const dates = useStore($dateOptions);
  const list = useStore(proofRootsStore(1, 30));
  const roots = list.status === 'success' ? list.value.records : null;
  // The newest proof until the user picks another.
  const [picked, setPicked] = useState<number | undefined>();
  const chosen = picked ?? roots?.[0]?.id;
  const leaf = useStore(chosen === undefined ? $idle : myLeafStore(chosen));
  const file = leaf.status === 'success' ? leaf.value : null;
  const problem = leaf.status === 'error' ? leaf.error.message : null;
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [checking, setChecking] = useState(false);
  const choose = (id: number) => {
    setPicked(id);
    setVerdict(null);
  };
  const check = async () => {
    setChecking(true);
    try {
      setVerdict(await verifyFile(file));
    } finally {
      setChecking(false);
    }
  };

  if (!roots) return <p className="muted">{t('common.loading')}</p>;
  return (
    <div className="proof" data-testid="proof-tab">
      <p>{t('proof.intro')}</p>
      <p>
        <a href={href('/proof/index', locale)}>{t('proof.allRoots')}</a>
      </p>
      {!roots.length ? (
        <p className="muted">{t('proof.noneYet')}</p>
      ) : (
        <>
          <Select
            label={t('proof.choose')}
            name="proof"
            value={String(chosen)}
            onChange={(v) => choose(Number(v))}
            options={roots.map((r) => ({
              value: String(r.id),
              label: t('proof.option', { id: r.id, time: formatDateTime(r.takenAt, dates) }),
            }))}
          />
          {problem && (
            <p className="muted" role="status" data-testid="proof-problem">
              {problem}
            </p>
          )}
          {file && (
            <>
              <dl className="facts">
                <div className="facts__row">
                  <dt>{t('proof.takenAt')}</dt>
                  <dd>{formatDateTime(file.takenAt, dates)}</dd>
                </div>
                <div className="facts__row">
                  <dt>{t('proof.yourBalances')}</dt>
                  <dd data-testid="proof-balances">
                    <Amounts list={file.leaf.balances} />
                  </dd>
                </div>
                <div className="facts__row">
                  <dt>{t('proof.leafHash')}</dt>
                  <dd>
                    <code className="proof-hash">{file.leafHash}</code>
                  </dd>
                </div>
                <div className="facts__row">
                  <dt>{t('proof.root')}</dt>
                  <dd>
                    <code className="proof-hash" data-testid="proof-root">
                      {file.root}
                    </code>
                  </dd>
                </div>
                <div className="facts__row">
                  <dt>{t('proof.steps')}</dt>
                  <dd>{t('proof.stepsValue', { steps: file.path.length, users: file.leafCount })}</dd>
                </div>
              </dl>
              <div className="wallet-actions">
                <button type="button" className="btn btn--primary" disabled={checking} onClick={() => void check()}>
                  {t('proof.verify')}
                </button>
                <button type="button" className="btn" onClick={() => downloadProof(file)}>
                  {t('proof.download')}
                </button>
              </div>
              {verdict && <VerdictLine t={t} verdict={verdict} />}
              <details className="proof-format">
                <summary>{t('proof.formatTitle')}</summary>
                <p>{t('proof.formatText')}</p>
                <pre>
                  <code data-testid="proof-leaf-text">{leafText(file.leaf)}</code>
                </pre>
              </details>
            </>
          )}
        </>
      )}
    </div>
  );
}
