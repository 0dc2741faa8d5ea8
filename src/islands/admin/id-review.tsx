import { useState } from 'react';
import type { T } from '../../lib/i18n/client.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { imageUrl } from '../../lib/wallet/actions.ts';

const PHOTOS = ['front', 'back', 'selfie'] as const;
type Photos = Partial<Record<(typeof PHOTOS)[number], string | null>>;

/**
 * What the console's reviews with ID photos share (identity verification, loan applications): the reason typed per
 * row, a decision that refuses only with a reason, and the three photos of one row on screen. The review action
 * loads its queue again itself (its store follows the decisions).
 */
export function useIdReview<R extends Photos & { id: number }>(
  t: T,
  review: (id: number, approve: boolean, reason?: string) => Promise<unknown>,
  approvedKey = 'admin.approved',
) {
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [photos, setPhotos] = useState<{ id: number; urls: string[] } | null>(null);
  const decide = async (row: R, approve: boolean) => {
    const reason = reasons[row.id]?.trim();
    if (!approve && !reason) return showToast('error', t('error.reasonRequired'));
    try {
      await review(row.id, approve, reason || undefined);
      showToast('success', t(approve ? approvedKey : 'admin.rejected'));
      setPhotos(null);
    } catch {
      // The API client has shown the refusal.
    }
  };
  const view = async (row: R) => {
    try {
      setPhotos({ id: row.id, urls: await Promise.all(PHOTOS.map((p) => imageUrl(row[p]!))) });
    } catch {
      showToast('error', t('common.operationFailed'));
    }
  };
  const reasonOf = (id: number) => ({
    reason: reasons[id] ?? '',
    onReason: (v: string) => setReasons({ ...reasons, [id]: v }),
  });
  return { decide, view, photos, closePhotos: () => setPhotos(null), reasonOf };
}

/** The three ID photos of one row, captioned, with a caption above them when given. */
export function IdPhotos({
  t,
  urls,
  onClose,
  testId,
  caption,
}: {
  t: T;
  urls: string[];
  onClose: () => void;
  testId: string;
  caption?: string;
}) {
  return (
    <div className="admin-kyc-photos" data-testid={testId}>
      {caption && <p className="admin-kyc-photos__caption">{caption}</p>}
      {urls.map((url, i) => (
        <figure key={PHOTOS[i]}>
          <img src={url} alt={t(`field.${PHOTOS[i]}`)} />
          <figcaption>{t(`field.${PHOTOS[i]}`)}</figcaption>
        </figure>
      ))}
      <button type="button" className="btn" onClick={onClose}>
        {t('common.close')}
      </button>
    </div>
  );
}
