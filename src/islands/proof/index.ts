/** What other island folders may use of proof: everything else in this folder is its own. */
export { ProofAdmin } from './ProofAdmin.tsx';
export { ProofTab } from './ProofTab.tsx';
