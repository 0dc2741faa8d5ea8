/** What other island folders may use of loan: everything else in this folder is its own. */
export { LoanAdmin } from './LoanAdmin.tsx';
