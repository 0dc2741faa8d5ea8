/** What other island folders may use of otc: everything else in this folder is its own. */
export { MerchantTab } from './MerchantTab.tsx';
