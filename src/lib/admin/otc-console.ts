import { atom } from 'nanostores';
import {
  appealCases,
  merchantApplications,
  reviewMerchant,
  ruleAppeal,
  type AppealState,
  type ApplicationState,
} from '../otc/console.ts';
import { keyed, remote } from '../stores/remote.ts';

/**
 * The console's OTC queues as stores, over the OTC console's calls (src/lib/otc/console.ts): each loads on its
 * first subscriber and again after a decision in it. A queue that fails to load reads as empty; the API client
 * has shown why.
 */
const decided = atom(0);
const again = () => decided.set(decided.get() + 1);

/** Merchant applications in a state. */
export const merchantApplicationsStore = keyed(
  (state: ApplicationState) =>
    remote(
      () =>
        merchantApplications(state).then(
          (p) => p.records,
          () => [],
        ),
      { deps: [decided] },
    ).$value,
);
/** Appealed orders in a state, oldest first. */
export const appealCasesStore = keyed(
  (state: AppealState) =>
    remote(
      () =>
        appealCases(state).then(
          (p) => p.records,
          () => [],
        ),
      { deps: [decided] },
    ).$value,
);

export async function decideMerchant(userId: number, approve: boolean, note: string): Promise<void> {
  await reviewMerchant(userId, approve, note);
  again();
}
export async function decideAppeal(id: number, ruling: 'release' | 'refund', note: string): Promise<void> {
  await ruleAppeal(id, ruling, note);
  again();
}
