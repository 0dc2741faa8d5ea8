/** What other island folders may use of chat: everything else in this folder is its own. */
export { CHAT_DIALOG_WIDTH, ChatDialog } from './ChatDialog.tsx';
export { ChatImage } from './ChatImage.tsx';
export { ChatPanel } from './ChatPanel.tsx';
