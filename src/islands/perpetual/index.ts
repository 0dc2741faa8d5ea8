/** What other island folders may use of perpetual: everything else in this folder is its own. */
export { PerpetualApp } from './PerpetualApp.tsx';
