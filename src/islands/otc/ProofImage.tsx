import { useState } from 'react';
import type { T } from '../../lib/i18n/client.ts';
import { imageUrl } from '../../lib/wallet/actions.ts';

/** An uploaded image shown on request (images need the session header, so they are fetched, not linked). */
export function ProofImage({ t, id, label }: { t: T; id: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const show = () => imageUrl(id).then(setSrc, () => setFailed(true));
  return (
    <figure className="otc-proof">
      <figcaption>{label}</figcaption>
      {src ? <img src={src} alt={label} /> : failed ? <p className="otc-muted">{t('otc.proof.unavailable')}</p> : <button type="button" className="btn btn--outline" onClick={() => void show()}>{t('otc.proof.show')}</button>}
    </figure>
  );
}
