import { useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $identity, submitAdvanced } from '../../lib/identity/actions.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { uploadImage } from '../../lib/wallet/actions.ts';
import { submitting } from '../ui/use-form.ts';
import { ImagePicker } from '../ui/ImagePicker.tsx';
import { SubmissionFacts } from './parts.tsx';

const PHOTOS = ['front', 'back', 'selfie'] as const;
type Photo = (typeof PHOTOS)[number];

/**
 * docs/requirements.md §3 certification, advanced: photos of the front and back of the document the primary
 * verification named, and one of the user holding it, through the image upload; reviewed by an operator.
 */
export function AdvancedKyc({ t, primaryHref }: { t: T; primaryHref?: string }) {
  const identity = useStore($identity);
  if (!identity) return <p className="muted">{t('common.loading')}</p>;
  const { advanced, level, primary } = identity;
  if (advanced && advanced.status !== 'failed') {
    return (
      <div data-testid="kyc-advanced">
        <SubmissionFacts t={t} record={advanced} />
      </div>
    );
  }
  if (level < 1) {
    return (
      <p className="form-note" data-testid="kyc-advanced">
        {t(primary?.status === 'review' ? 'identity.advanced.waitPrimary' : 'identity.advanced.needsPrimary')}{' '}
        {primaryHref && primary?.status !== 'review' && <a href={primaryHref}>{t('identity.primary.title')}</a>}
      </p>
    );
  }
  return (
    <div data-testid="kyc-advanced">
      {advanced?.status === 'failed' && <SubmissionFacts t={t} record={advanced} />}
      <AdvancedForm t={t} />
    </div>
  );
}

function AdvancedForm({ t }: { t: T }) {
  const [files, setFiles] = useState<Record<Photo, File | null>>({ front: null, back: null, selfie: null });
  const [errors, setErrors] = useState<Partial<Record<Photo, string>>>({});
  const [busy, setBusy] = useState(false);

  const pick = (photo: Photo) => (file: File | null, error?: string) => {
    setFiles((f) => ({ ...f, [photo]: file }));
    setErrors((e) => ({ ...e, [photo]: error }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = Object.fromEntries(
      PHOTOS.filter((p) => !files[p]).map((p) => [p, errors[p] ?? t('identity.photoRequired')]),
    );
    setErrors(missing);
    if (Object.keys(missing).length) return;
    await submitting(setBusy, async () => {
      const [front, back, selfie] = await Promise.all(
        PHOTOS.map(async (p) => (await uploadImage(files[p]!, files[p]!.name)).id),
      );
      await submitAdvanced({ front: front!, back: back!, selfie: selfie! });
      showToast('success', t('identity.submittedForReview'));
    });
  };

  return (
    <form className="stack-form identity-photos" onSubmit={submit} noValidate>
      <p className="field__hint">{t('user.kyc.advanced.text')}</p>
      <h3 className="field__label">{t('user.kyc.requirements')}</h3>
      <ul className="field__hint">
        {['document', 'photos', 'selfie'].map((r) => (
          <li key={r}>{t(`user.kyc.req.${r}`)}</li>
        ))}
      </ul>
      {PHOTOS.map((p) => (
        <ImagePicker
          key={p}
          t={t}
          name={p}
          label={t(`field.${p}`)}
          hint={t(`identity.photo.${p}Hint`)}
          file={files[p]}
          onChange={pick(p)}
          error={errors[p]}
        />
      ))}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t('identity.advanced.submit')}
      </button>
    </form>
  );
}
