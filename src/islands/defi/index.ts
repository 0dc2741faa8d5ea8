/** What other island folders may use of defi: everything else in this folder is its own. */
export { LoginPrompt } from './parts.tsx';
