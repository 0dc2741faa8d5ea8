/** What other island folders may use of fees: everything else in this folder is its own. */
export { FeesTab } from './FeesTab.tsx';
export { FeeScheduleAdmin } from './FeeScheduleAdmin.tsx';
