/** What other island folders may use of api-keys: everything else in this folder is its own. */
export { ApiKeysTab } from './ApiKeysTab.tsx';
