/**
 * Fired price alerts as notices on whatever page the user is on (docs/products/alerts.md): the private feed's ALERT
 * messages while signed in, at most four on screen (the oldest goes when a fifth comes), each until dismissed.
 */
import { atom, onMount, readonlyType } from 'nanostores';
import type { PriceAlert } from '../../../isomorphic/contract/alerts.ts';
import { $accountActivity, privateFeed } from '../feed/private-feed.ts';
import { firstFrame } from '../stores/first-frame.ts';

const MAX_NOTICES = 4;

const notices = atom<PriceAlert[]>([]);
export const $alertNotices = firstFrame(readonlyType(notices), []);

onMount(notices, () => {
  if (typeof window === 'undefined') return;
  // Following the account activity signs the private feed in as this user.
  const offActivity = $accountActivity.listen(() => {});
  const off = privateFeed.listen((m) => {
    if (m.event !== 'ALERT') return;
    notices.set([...notices.get().filter((n) => n.id !== m.data.id), m.data].slice(-MAX_NOTICES));
  });
  return () => {
    off();
    offActivity();
  };
});

export function dismissAlertNotice(id: number): void {
  notices.set(notices.get().filter((n) => n.id !== id));
}

/** The i18n key and values of an alert's condition: "BTC/USDT price rises to 97000.00". */
export function describeAlert(a: Pick<PriceAlert, 'kind' | 'market' | 'target'>): [string, Record<string, string>] {
  return [`alerts.describe.${a.kind}`, { market: a.market, target: a.target }];
}

/** A fired value as shown: a price as it is, a 24 h change with its percent sign. */
export function valueShown(a: Pick<PriceAlert, 'kind'>, value: string): string {
  return a.kind === 'changeAbove' || a.kind === 'changeBelow' ? `${value}%` : value;
}
