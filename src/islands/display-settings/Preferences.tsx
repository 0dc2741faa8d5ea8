import { useMemo, useState, type ReactNode } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { THEMES } from '../../../isomorphic/contract/settings.values.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import { TIME_ZONES, timeZoneOption } from '../../../isomorphic/format/time-zones.ts';
import { LOCALES, LOCALE_NAMES, isLocale, localizePath, type Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { valueOf } from '../../lib/stores/remote.ts';
import {
  $dateOptions,
  $settings,
  chooseCurrency,
  DEFAULT_SETTINGS,
  updateSettings,
} from '../../lib/stores/settings.ts';
import { $rates } from '../../lib/wallet/balances.ts';

interface Props {
  locale: Locale;
  messages: Messages;
}

/**
 * docs/products/account.md "Display settings": how this browser shows the site — theme, language, time zone, time
 * format, display currency and small balances. Each change applies at once and stays in the browser (the settings
 * store); nothing here is sent to the account. Rendered in the browser only (client:only), since what it shows is
 * what this browser keeps.
 */
export default function Preferences({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const settings = useStore($settings);
  const dates = useStore($dateOptions);
  // The sample time is the moment the page opened: what a row of any list would read now.
  const [now] = useState(() => Date.now());
  const zones = useMemo(() => {
    const listed = TIME_ZONES.map(({ zone }) => zone);
    // A zone kept from before the list (or set elsewhere) stays choosable rather than silently shown as another.
    const all = listed.includes(settings.timeZone) ? listed : [settings.timeZone, ...listed];
    return all.map((zone) => ({ value: zone, label: timeZoneOption(zone, locale, now) }));
  }, [locale, now, settings.timeZone]);
  const rates = valueOf(useStore($rates), null);
  const currencies = rates?.length ? rates : [settings.currency];

  return (
    <div className="prefs" data-testid="preferences">
      <h1 className="panel__title">{t('display.title')}</h1>
      <p className="prefs__lead">{t('display.lead')}</p>

      <Row t={t} id="theme" hint="display.theme.hint">
        <div className="prefs__choice" role="radiogroup" aria-labelledby="prefs-theme">
          {THEMES.map((theme) => (
            <button
              key={theme}
              type="button"
              role="radio"
              aria-checked={settings.theme === theme}
              className={settings.theme === theme ? 'is-active' : undefined}
              data-theme-choice={theme}
              onClick={() => updateSettings({ theme })}
            >
              {t(`display.theme.${theme}`)}
            </button>
          ))}
        </div>
      </Row>

      <Row t={t} id="language">
        <select
          aria-labelledby="prefs-language"
          value={locale}
          onChange={(e) => {
            if (isLocale(e.target.value)) window.location.assign(localizePath('/account/preferences', e.target.value));
          }}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
      </Row>

      <Row
        t={t}
        id="timeZone"
        hint="display.timeZone.hint"
        hintValues={{ sample: formatDateTime(now, { timeZone: settings.timeZone }) }}
      >
        <select
          aria-labelledby="prefs-timeZone"
          data-testid="prefs-time-zone"
          value={settings.timeZone}
          onChange={(e) => updateSettings({ timeZone: e.target.value })}
        >
          {zones.map((z) => (
            <option key={z.value} value={z.value}>
              {z.label}
            </option>
          ))}
        </select>
      </Row>

      <Row t={t} id="timeFormat" hint="display.timeFormat.hint" hintValues={{ sample: formatDateTime(now, dates) }}>
        <select
          aria-labelledby="prefs-timeFormat"
          data-testid="prefs-time-format"
          value={settings.withTime ? 'dateTime' : 'date'}
          onChange={(e) => updateSettings({ withTime: e.target.value === 'dateTime' })}
        >
          {(['dateTime', 'date'] as const).map((format) => (
            <option key={format} value={format}>
              {t(`display.timeFormat.${format}`)}
            </option>
          ))}
        </select>
      </Row>

      <Row t={t} id="currency" hint="display.currency.hint">
        <select
          aria-labelledby="prefs-currency"
          data-testid="prefs-currency"
          value={settings.currency.exchange_code}
          onChange={(e) => {
            const item = currencies.find((c) => c.exchange_code === e.target.value);
            if (item) chooseCurrency(item);
          }}
        >
          {currencies.map((c) => (
            <option key={c.exchange_code} value={c.exchange_code}>
              {c.exchange_code} ({c.code_symbol})
            </option>
          ))}
        </select>
      </Row>

      <Row t={t} id="smallBalances" hint="display.smallBalances.hint">
        <label className="prefs__check">
          <input
            type="checkbox"
            checked={!settings.assetDisplay.showAllAssets}
            onChange={(e) =>
              updateSettings({ assetDisplay: { ...settings.assetDisplay, showAllAssets: !e.target.checked } })
            }
          />
          {t('display.smallBalances.hide')}
        </label>
      </Row>

      <p className="prefs__foot">
        <button type="button" className="btn btn--light" onClick={() => updateSettings(DEFAULT_SETTINGS)}>
          {t('display.reset')}
        </button>
      </p>
    </div>
  );
}

/** One setting: its name and what it does on the start side, the control on the end side. */
function Row({
  t,
  id,
  hint,
  hintValues,
  children,
}: {
  t: T;
  id: string;
  hint?: string;
  hintValues?: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <section className="prefs__row">
      <div>
        <h2 className="prefs__name" id={`prefs-${id}`}>
          {t(`display.${id}`)}
        </h2>
        {hint && <p className="prefs__hint">{t(hint, hintValues)}</p>}
      </div>
      <div className="prefs__control">{children}</div>
    </section>
  );
}
