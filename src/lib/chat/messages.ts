/** The dictionary prefixes a chat panel needs; an island that shows ChatPanel brings these (see pickMessages). */
export const CHAT_MESSAGES = ['chat.', 'validation.chat', 'common.loading', 'common.networkSlow'];
