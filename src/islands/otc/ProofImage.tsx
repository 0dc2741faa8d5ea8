import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { proofImageStore, showProofImage } from '../../lib/otc/proof-image.ts';

/** An uploaded image shown on request (images need the session header, so they are fetched, not linked). */
export function ProofImage({ t, id, label }: { t: T; id: string; label: string }) {
  const image = useStore(proofImageStore(id));
  return (
    <figure className="otc-proof">
      <figcaption>{label}</figcaption>
      {image.status === 'success' ? (
        <img src={image.value} alt={label} />
      ) : image.status === 'error' ? (
        <p className="otc-muted">{t('otc.proof.unavailable')}</p>
      ) : (
        <button type="button" className="btn btn--outline" onClick={() => void showProofImage(id)}>
          {t('otc.proof.show')}
        </button>
      )}
    </figure>
  );
}
