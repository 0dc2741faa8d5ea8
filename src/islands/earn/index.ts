/** What other island folders may use of earn: everything else in this folder is its own. */
export { EarnHoldings } from './EarnHoldings.tsx';
export { EarnOrders } from './EarnOrders.tsx';
export { ProductList } from './ProductList.tsx';
export { EarnAdmin } from './admin/EarnAdmin.tsx';
export { ProductFacts, ProductHeading } from './parts.tsx';
