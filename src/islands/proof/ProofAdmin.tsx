import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { proofRootsStore, publishProof } from '../../lib/proof/actions.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { RootsTable } from './parts.tsx';

/** The console's proof of liabilities: the published roots, and publishing one now besides the scheduled ones. */
export function ProofAdmin({ t }: { t: T }) {
  const roots = useStore(proofRootsStore(1, 30));
  const [busy, setBusy] = useState(false);
  const publish = async () => {
    setBusy(true);
    try {
      const root = await publishProof();
      showToast('success', t('admin.proof.published', { id: root.id }));
    } catch {
      // The API client has shown the message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p className="field__hint">{t('admin.proof.hint')}</p>
      <div className="wallet-actions">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void publish()}>
          {t('admin.proof.publish')}
        </button>
      </div>
      {roots.status === 'success' ? (
        <RootsTable t={t} roots={roots.value.records} />
      ) : (
        <p className="muted">{t('common.loading')}</p>
      )}
    </>
  );
}
