import { STOMP_DESTINATION, type ChatMessage } from '../../../isomorphic/contract/private-feed.ts';
import { userStomp } from '../feed/user-stomp.ts';

/**
 * The signed-in user's chat topic `/topic/user.{id}.chat` on the page's STOMP connection. Every (re)connect tells
 * the `onSync` listener, since lines sent while the socket was down were not pushed.
 */
export const chatFeed = {
  listen(onLine: (m: ChatMessage) => void, onSync?: () => void): () => void {
    return userStomp.listen({
      topics: (user) => [STOMP_DESTINATION.chat(user.id)],
      onMessage: (m) => onLine(m as ChatMessage),
      onConnect: onSync,
    });
  },
};
