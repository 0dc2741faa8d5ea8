import type { PeriodBody, SecondsPeriodAdmin, SecondsPool } from '../../../isomorphic/contract/seconds.ts';
import { fundPool, savePeriod, secondsDesk } from '../seconds/admin.ts';
import { remote } from '../stores/remote.ts';

/**
 * The console's second-contracts desk as a store, over its calls (src/lib/seconds/admin.ts): the periods and the
 * counterparty pool, loaded on the first subscriber and again (or from the answer) after each change. A desk that
 * fails to load reads as no periods.
 */
const desk = remote<{ periods: SecondsPeriodAdmin[]; pool: SecondsPool | null }>(() =>
  secondsDesk().catch(() => ({ periods: [], pool: null })),
);
export const $secondsDesk = desk.$value;

export async function savePeriodSettings(body: PeriodBody): Promise<void> {
  await savePeriod(body);
  await desk.reload();
}
export async function fundSecondsPool(amount: number): Promise<void> {
  const pool = await fundPool(amount);
  const now = desk.$value.get();
  if (now.status === 'success') desk.put({ ...now.value, pool });
}
