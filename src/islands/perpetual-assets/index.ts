/** What other island folders may use of perpetual-assets: everything else in this folder is its own. */
export { ContractAssets } from './ContractAssets.tsx';
export { contractLabel } from './ContractLabel.tsx';
export { PerpOrderCentre } from './PerpOrderCentre.tsx';
export { Pager } from './parts.tsx';
