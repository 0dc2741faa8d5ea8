import { persistentAtom } from '@nanostores/persistent';
import { readonlyType } from 'nanostores';
import { platformConfig } from '../platform.ts';
import { wrapped } from '../stores/persist.ts';
import { INDICATORS, type Indicator } from './indicators.ts';

/** Binance's chart opens with the moving averages and the volume pane. */
const DEFAULT: Indicator[] = ['MA', 'VOL'];

const chosen = persistentAtom<Indicator[]>(`${platformConfig().storagePrefix}chartIndicators`, DEFAULT, {
  encode: wrapped(DEFAULT).encode,
  // What another version stored may name an indicator this one does not draw.
  decode: (raw) => {
    const stored = wrapped(DEFAULT).decode(raw);
    return Array.isArray(stored) ? INDICATORS.filter((i) => stored.includes(i)) : DEFAULT;
  },
});
/** The indicators the user has switched on over every chart, kept in the browser between visits. */
export const $chartIndicators = readonlyType(chosen);

export function toggleIndicator(indicator: Indicator): void {
  const now = chosen.get();
  chosen.set(
    now.includes(indicator)
      ? now.filter((i) => i !== indicator)
      : INDICATORS.filter((i) => i === indicator || now.includes(i)),
  );
}
