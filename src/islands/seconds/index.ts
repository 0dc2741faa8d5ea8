/** What other island folders may use of seconds: everything else in this folder is its own. */
export { SecondsApp } from './SecondsApp.tsx';
export { SecondsOrders } from './SecondsOrders.tsx';
