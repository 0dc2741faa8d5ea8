import type { TabProps } from '../account/index.ts';
import { MerchantStatusCard } from './MerchantStatusCard.tsx';

/**
 * The account centre's merchant tab (docs/requirements.md §2, merchants only): the merchant's standing and the ways to
 * their screens.
 */
export function MerchantTab({ t }: TabProps) {
  return <MerchantStatusCard t={t} />;
}
