import { useEffect, useState } from 'react';
import type { FormErrors } from '../../lib/user/form-rules.ts';
import type { T } from '../../lib/i18n/client.ts';

/** Field values, per-field error keys and a busy flag (also true until hydrated) for one form. */
export function useForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  // Until hydration the button must not work: a native submit would send the fields (passwords) in the URL.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const set = (field: F) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  /** The translated error of a field, naming it: message('email') → 'Please enter a valid e-mail address'. */
  const message = (t: T, field: string) =>
    errors[field] ? t(errors[field]!, { field: t(`field.${field}`) }) : undefined;
  return { values, setValues, errors, setErrors, busy: busy || !hydrated, setBusy, set, message };
}

/** Runs a submission with the form marked busy, so a second click cannot send it twice. */
export async function submitting(setBusy: (b: boolean) => void, work: () => Promise<void>): Promise<void> {
  setBusy(true);
  try {
    await work();
  } catch {
    // The API client has told the user (toast); the form stays as typed so it can be corrected.
  } finally {
    setBusy(false);
  }
}
