/**
 * The signed-in user's price alerts (docs/products/alerts.md): loaded when the alerts screen shows them, again after
 * each change of theirs, when the private feed says one fired, and when the feed (re)connects (a push may have been
 * missed). Fired alerts also become notices on every page (notices.ts).
 */
import { atom, onMount, readonlyType } from 'nanostores';
import * as api from '../../../isomorphic/contract/alerts.endpoints.ts';
import type { CreateAlertBody, PriceAlert } from '../../../isomorphic/contract/alerts.ts';
import { request } from '../api/client.ts';
import { followAccount } from '../feed/follow-account.ts';
import { privateFeed } from '../feed/private-feed.ts';
import { firstFrame } from '../stores/first-frame.ts';

/** Null until the first load answers. */
const alerts = atom<PriceAlert[] | null>(null);
export const $alerts = firstFrame(readonlyType(alerts), null);

async function loadAlerts(): Promise<void> {
  alerts.set(await request(api.alertList, { query: {}, quiet: true }));
}

onMount(alerts, () => {
  const stopFollow = followAccount(() => void loadAlerts().catch(() => {}))();
  if (typeof window === 'undefined') return stopFollow;
  const off = privateFeed.listen((m) => {
    if (m.event === 'ALERT') void loadAlerts().catch(() => {});
  });
  return () => {
    off();
    stopFollow?.();
  };
});

export async function createAlert(body: CreateAlertBody): Promise<PriceAlert> {
  const created = await request(api.createAlert, { body });
  await loadAlerts();
  return created;
}

export async function deleteAlert(id: number): Promise<void> {
  await request(api.deleteAlert, { body: { id } });
  await loadAlerts();
}
