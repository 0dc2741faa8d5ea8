import { useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** Content after the input inside its box (a send-code button, a show-password toggle). */
  addon?: ReactNode;
}

/** A labelled input with its error underneath, wired for screen readers. */
export function Field({ label, value, onChange, error, hint, addon, ...input }: FieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field__box">
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {addon}
      </div>
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}

/** Field's counterpart for text of several lines (an IP list, a pasted key): label, error or hint, wired alike. */
export function TextAreaField({ label, value, onChange, error, hint, ...area }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...area}
      />
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}

interface PasswordFieldProps extends Omit<FieldProps, 'type' | 'addon'> {
  showLabel: string;
  hideLabel: string;
}

/**
 * A password input with a show/hide toggle. It takes any length: a password longer than the requirements' 20 characters
 * is refused by the form's rule with the docs/requirements.md §5 message, never cut short without a word.
 */
export function PasswordField({ showLabel, hideLabel, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="field__addon"
          onClick={() => setVisible(!visible)}
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path
              fill="currentColor"
              d={
                visible
                  ? 'M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7Zm0 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z'
                  : 'M3.3 2 2 3.3l3.2 3.2A12 12 0 0 0 2 12c1 2.5 5 7 10 7 1.9 0 3.6-.6 5-1.5l3.7 3.7 1.3-1.3L3.3 2ZM12 8a4 4 0 0 1 4 4l-.1.8-4.7-4.7L12 8Zm0-3c5 0 9 4.5 10 7a12 12 0 0 1-2.8 3.9l-2.6-2.6A6 6 0 0 0 9.7 5.3 10 10 0 0 1 12 5Z'
              }
            />
          </svg>
        </button>
      }
    />
  );
}

/**
 * A field's error, or else its hint, under it: ids `${id}-error` and `${id}-hint` for the input's
 * aria-describedby.
 */
export function FieldNote({ id, error, hint }: { id: string; error?: string | undefined; hint?: string | undefined }) {
  if (error)
    return (
      <p className="field__error" id={`${id}-error`} role="alert">
        {error}
      </p>
    );
  if (hint)
    return (
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
    );
  return null;
}
