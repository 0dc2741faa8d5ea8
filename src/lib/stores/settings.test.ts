import { cleanStores } from 'nanostores';
import { setPersistentEngine, type PersistentListener } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../isomorphic/format/index.ts';

// A storage engine of our own (a plain object, as localStorage is to the library) swapped in for localStorage.
const storage: Record<string, string> = {};
const events = {
  addEventListener: (_k: string, _l: PersistentListener) => {},
  removeEventListener: (_k: string, _l: PersistentListener) => {},
  perKey: false,
};
setPersistentEngine(storage, events);
const { $settings, $dateOptions, $theme, DEFAULT_SETTINGS, chooseCurrency, updateSettings } = await import(
  './settings.ts'
);
const { followTheme, toggleTheme } = await import('../theme/follow.ts');

// The computed stores are cleaned with their source, or they would keep a value from before the cleaning.
afterEach(() => cleanStores($settings, $theme, $dateOptions));

describe('settings', () => {
  beforeEach(() => {
    for (const key of Object.keys(storage)) delete storage[key];
    updateSettings(DEFAULT_SETTINGS);
  });

  it('start from the required defaults', () => {
    expect($settings.get()).toEqual(DEFAULT_SETTINGS);
    expect($settings.get().currency).toMatchObject({ exchange_code: 'CNY', rate: '1' });
    expect($dateOptions.get()).toEqual({ timeZone: 'Asia/Hong_Kong', withTime: true });
    expect($theme.get()).toBe('daytime');
  });

  it('persist a change inside the stored-item wrapper', () => {
    updateSettings({ timeZone: 'Europe/Vilnius' });
    const raw = JSON.parse(storage['lumex:settings']!);
    expect(raw).toMatchObject({
      dataType: 'object',
      type: 'localStorage',
      content: { timeZone: 'Europe/Vilnius', withTime: true },
    });
    expect(typeof raw.datetime).toBe('number');
    expect(formatDateTime(Date.UTC(2020, 0, 1), $dateOptions.get())).toBe('01/01/2020 02:00:00 UTC+2');
  });

  it('refuse an unknown time zone and keep the old one', () => {
    expect(() => updateSettings({ timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect($settings.get().timeZone).toBe('Asia/Hong_Kong');
  });

  it('refuse an unknown theme and keep the old one', () => {
    updateSettings({ theme: 'night' });
    expect(() => updateSettings({ theme: 'sepia' as never })).toThrow(RangeError);
    expect($theme.get()).toBe('night');
  });

  it('read what a browser kept before the theme existed as the daytime theme, keeping the rest', async () => {
    const { theme: _, ...before } = { ...DEFAULT_SETTINGS, timeZone: 'UTC' };
    storage['lumex:settings'] = JSON.stringify({
      dataType: 'object',
      content: before,
      type: 'localStorage',
      datetime: 1,
    });
    cleanStores($settings, $theme, $dateOptions);
    const unbind = $settings.listen(() => {});
    expect($settings.get()).toMatchObject({ timeZone: 'UTC', theme: 'daytime' });
    unbind();
  });

  it('keep a display currency as its four fields, whatever else the rate item carries', () => {
    chooseCurrency({ exchange_code: 'USD', quote_currency: 'USD', code_symbol: '$', rate: '0.14', extra: 1 } as never);
    expect($settings.get().currency).toEqual({
      exchange_code: 'USD',
      quote_currency: 'USD',
      code_symbol: '$',
      rate: '0.14',
    });
  });
});

describe('the theme on <html>', () => {
  beforeEach(() => updateSettings(DEFAULT_SETTINGS));

  it('follows the stored choice, and the toggle goes night and back', () => {
    const attrs = new Map<string, string>([['data-theme', 'daytime']]);
    const root = {
      getAttribute: (k: string) => attrs.get(k) ?? null,
      setAttribute: (k: string, v: string) => attrs.set(k, v),
    };
    const stop = followTheme(root as unknown as HTMLElement);
    toggleTheme();
    expect(attrs.get('data-theme')).toBe('night');
    expect(JSON.parse(storage['lumex:settings']!).content.theme).toBe('night');
    toggleTheme();
    expect(attrs.get('data-theme')).toBe('daytime');
    stop();
    toggleTheme();
    expect(attrs.get('data-theme')).toBe('daytime');
  });
});
