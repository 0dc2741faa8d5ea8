import { useId, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { proofRootsStore } from '../../lib/proof/actions.ts';
import { verifyFile, type Verdict } from '../../lib/proof/check.ts';
import { Pager } from '../ui/Pager.tsx';
import { RootsTable, VerdictLine } from './parts.tsx';

/** The maximum proof file read: a path of 64 steps and a leaf with every asset are a few kilobytes. */
const MAX_FILE_BYTES = 256 * 1024;

/**
 * The public page of the proof of liabilities: every published root with the liabilities per asset, and a checker
 * for a downloaded proof file that needs no account (it hashes in the browser and compares with the list).
 */
export default function ProofPage({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const inputId = useId();
  const [page, setPage] = useState(1);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const list = useStore(proofRootsStore(page, 15));
  const roots = list.status === 'success' ? list.value : null;

  const check = async (files: FileList | null) => {
    setVerdict(null);
    const picked = files?.[0];
    setFileName(picked?.name ?? null);
    if (!picked) return;
    let parsed: unknown;
    try {
      parsed = picked.size > MAX_FILE_BYTES ? undefined : JSON.parse(await picked.text());
    } catch {
      parsed = undefined;
    }
    setVerdict(await verifyFile(parsed));
  };

  return (
    <div className="proof proof-page">
      <h1 className="panel__title">{t('proof.title')}</h1>
      <p>{t('proof.publicIntro')}</p>
      <p className="field__hint">{t('proof.limits')}</p>
      <section>
        <h2 className="panel__subtitle">{t('proof.checkTitle')}</h2>
        <p>
          {t('proof.checkText')} <a href={href('/account/center?tab=proof', locale)}>{t('proof.getYours')}</a>
        </p>
        {/* The browser's own file button speaks the browser's language, not the page's: ours is a translated label. */}
        <div className="field proof-file">
          <span className="field__label" id={`${inputId}-label`}>
            {t('proof.file')}
          </span>
          <div>
            <label className="btn" htmlFor={inputId}>
              {t('proof.chooseFile')}
            </label>
            <input
              id={inputId}
              type="file"
              accept="application/json,.json"
              aria-labelledby={`${inputId}-label`}
              data-testid="proof-file"
              onChange={(e) => void check(e.target.files)}
            />
            <span className="muted">{fileName ?? t('proof.noFile')}</span>
          </div>
        </div>
        {verdict && <VerdictLine t={t} verdict={verdict} />}
      </section>
      <section>
        <h2 className="panel__subtitle">{t('proof.published')}</h2>
        {!roots ? (
          <p className="muted">{t('common.loading')}</p>
        ) : (
          <>
            <RootsTable t={t} roots={roots.records} />
            <Pager t={t} page={page} total={roots.total} size={roots.size} onPage={setPage} />
          </>
        )}
      </section>
    </div>
  );
}
