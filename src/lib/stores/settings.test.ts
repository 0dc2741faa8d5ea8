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
const { $settings, $dateOptions, DEFAULT_SETTINGS, updateSettings } = await import('./settings.ts');

describe('settings', () => {
  beforeEach(() => {
    for (const key of Object.keys(storage)) delete storage[key];
    updateSettings(DEFAULT_SETTINGS);
  });
  afterEach(() => cleanStores($settings));

  it('start from the required defaults', () => {
    expect($settings.get()).toEqual(DEFAULT_SETTINGS);
    expect($settings.get().currency).toMatchObject({ exchange_code: 'CNY', rate: '1' });
    expect($dateOptions.get()).toEqual({ timeZone: 'Asia/Hong_Kong', withTime: true });
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
    expect(formatDateTime(Date.UTC(2020, 0, 1), $dateOptions.get())).toBe('01/01/2020 02:00:00');
  });

  it('refuse an unknown time zone and keep the old one', () => {
    expect(() => updateSettings({ timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect($settings.get().timeZone).toBe('Asia/Hong_Kong');
  });
});
