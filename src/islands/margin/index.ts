/** What other island folders may use of margin: everything else in this folder is its own. */
export { MarginAssets } from './MarginAssets.tsx';
export { MarginOrderForm } from './MarginOrderForm.tsx';
export type { MarginFunds } from './MarginOrderForm.tsx';
export { MarginOrdersTable } from './MarginOrdersTable.tsx';
export { MarginPanel } from './MarginPanel.tsx';
export { amountProblemText } from './parts.tsx';
