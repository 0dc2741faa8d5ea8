/** What other island folders may use of chat: everything else in this folder is its own. */
export { ChatPanel } from './ChatPanel.tsx';
