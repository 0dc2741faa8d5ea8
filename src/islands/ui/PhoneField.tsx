import { useId } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { $countries } from '../../lib/stores/countries.ts';

interface Props {
  label: string;
  countryLabel: string;
  country: string;
  phone: string;
  onCountry: (code: string) => void;
  onPhone: (phone: string) => void;
  error?: string;
}

/** Country calling code and national number, side by side. */
export function PhoneField({ label, countryLabel, country, phone, onCountry, onPhone, error }: Props) {
  const id = useId();
  const countries = useStore($countries);
  const options = countries.length ? countries : [{ code: country, dialCode: '', name: country }];
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field__box field__box--split">
        <select aria-label={countryLabel} value={country} onChange={(e) => onCountry(e.target.value)}>
          {options.map((c) => (
            <option key={c.code} value={c.code}>
              {c.dialCode ? `${c.name} +${c.dialCode}` : c.name}
            </option>
          ))}
        </select>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          maxLength={15}
          onChange={(e) => onPhone(e.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
        />
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
