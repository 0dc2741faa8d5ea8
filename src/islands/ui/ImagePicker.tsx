import '../../styles/image-picker.css';
import { useEffect, useId, useRef, useState } from 'react';
import type { T } from '../../lib/i18n/client.ts';
import { FieldNote } from './Field.tsx';
import { IMAGE_TYPES, imageRefusal } from './image-file.ts';

interface ImagePickerProps {
  t: T;
  label: string;
  /** The input's name; a form's tests and the browser's autofill find it by this. */
  name: string;
  /** The form's file: null clears the picker, the name shown and the input itself. */
  file: File | null;
  /** The file picked, or null with the reason when it is not one the server takes. */
  onChange: (file: File | null, error?: string) => void;
  error?: string;
  hint?: string;
  /** Shows the chosen image under the picker (off where the form is small: a dialog). */
  preview?: boolean;
}

/**
 * An image picker that looks like the rest of the form: a button (the label of a visually hidden file input, so the
 * keyboard reaches it with Tab and opens it with Space or Enter), the chosen file's name, the hint or the error, and
 * a preview. It checks the file as the server does (image-file.ts), so a wrong one is named before anything is sent.
 */
export function ImagePicker({ t, label, name, file, onChange, error, hint, preview = true }: ImagePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  // The input keeps its own file: when the form's is gone (sent, refused, reset) the input is emptied too, or it would
  // still name the old file and picking that same file again would fire no change event.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);
  useEffect(() => {
    if (!file || !preview) return setUrl('');
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file, preview]);

  const pick = (f: File | null) => {
    // A cancelled dialog: Chromium fires change with no file and the input is empty again.
    if (!f) return onChange(null);
    const refusal = imageRefusal(t, f);
    if (refusal) {
      if (input.current) input.current.value = '';
      return onChange(null, refusal);
    }
    onChange(f);
  };
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field image-picker${error ? ' field--error' : ''}`}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="image-picker__row">
        <input
          ref={input}
          id={id}
          className="image-picker__input"
          name={name}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          aria-labelledby={`${id}-label ${id}-name`}
          aria-describedby={note}
          aria-invalid={error ? true : undefined}
          onChange={(e) => pick(e.target.files?.[0] ?? null)}
        />
        <label className="btn btn--outline image-picker__button" htmlFor={id} aria-hidden="true">
          {t(file ? 'common.image.change' : 'common.image.choose')}
        </label>
        <span className="image-picker__name" id={`${id}-name`} data-testid={`${name}-name`}>
          {file ? file.name : t('common.image.none')}
        </span>
      </div>
      <FieldNote id={id} error={error} hint={hint} />
      {url && <img className="image-picker__preview" src={url} alt={label} />}
    </div>
  );
}
