import { atom, onMount, readonlyType } from 'nanostores';
import {
  FEED_CLOSE,
  type OwnCoin,
  type PrivateFeedCommand,
  type PrivateFeedMessage,
} from '../../../isomorphic/contract/private-feed.ts';
import { $token, $userInfo } from '../stores/session.ts';
import { browserSocket, FeedConnection, wsOrigin, type SocketFactory } from './feed-socket.ts';

type Handler = (message: PrivateFeedMessage) => void;
export interface Signed {
  userId: number;
  token: string;
}

/**
 * The signed-in user's private feed `/ws/coin/{userId}` (docs/requirements.md §4): authenticates with its first
 * message, answers HEARTBEAT with ping, and reconnects 3 s after a drop, unless the server refused the token
 * (4001, 4003): then the session has ended and the API's 401 logs the user out. The socket opens with the first
 * listener and closes after the last.
 */
export class PrivateFeedClient extends FeedConnection<PrivateFeedCommand, PrivateFeedMessage> {
  private who: Signed | undefined;
  private readonly handlers = new Set<Handler>();
  private readonly url: (userId: number) => string;

  constructor(url: (userId: number) => string, create: SocketFactory = browserSocket) {
    super(create);
    this.url = url;
  }

  listen(handler: Handler): () => void {
    this.handlers.add(handler);
    this.ensureOpen();
    return () => {
      this.handlers.delete(handler);
      if (!this.handlers.size) this.close();
    };
  }

  /** The session changed (login, logout, a refreshed token): connect as the new user, or not at all. */
  signIn(who: Signed | undefined): void {
    if (who?.userId === this.who?.userId && who?.token === this.who?.token) return;
    this.who = who;
    this.close();
    this.ensureOpen();
  }

  protected ensureOpen(): void {
    if (this.who && this.handlers.size && this.idle) this.open(this.url(this.who.userId));
  }

  protected onOpen(): void {
    if (this.who) this.send({ event: 'auth', token: this.who.token });
  }

  protected onMessage(message: PrivateFeedMessage): void {
    if (message.event === 'HEARTBEAT') this.send({ event: 'ping' });
    for (const h of this.handlers) h(message);
  }

  /** A refused token means the session has ended: the API's 401 logs the user out, so no reconnect. */
  protected reconnectAfter(code: number): boolean {
    return code !== FEED_CLOSE.unauthorized && code !== FEED_CLOSE.forbidden;
  }
}

/** The private feed's address for a user: the API's origin (or the page's), ws or wss to match. */
function privateFeedUrl(userId: number): string {
  return `${wsOrigin()}/ws/coin/${userId}`;
}

/** The page's private feed. */
export const privateFeed = new PrivateFeedClient(privateFeedUrl);

/**
 * What the private feed has said, for islands to follow: counters that move when the user's balances or orders
 * change (with the latest pushed balances) and when the feed (re)connects, after which everything is loaded
 * again since pushes may have been missed. Events of one moment are folded into one update.
 */
export interface AccountActivity {
  /** Moves on every connection: load balances and orders afresh. */
  synced: number;
  balances: number;
  /** The balances the last push carried, per account type and coin. */
  coins: OwnCoin[];
  orders: number;
}

const activity = atom<AccountActivity>({ synced: 0, balances: 0, coins: [], orders: 0 });
/** Written only by the private feed's messages (the folder below). */
export const $accountActivity = readonlyType(activity);

/** Folds feed messages into $accountActivity, once per microtask. */
export function accountActivityFolder(store: { get(): AccountActivity; set(v: AccountActivity): void }): Handler {
  let next: AccountActivity | undefined;
  return (m) => {
    if (m.event !== 'OWNCOIN' && m.event !== 'ORDER' && m.event !== 'USER_STATUS') return;
    if (!next) {
      next = { ...store.get(), coins: [] };
      queueMicrotask(() => {
        store.set(next!);
        next = undefined;
      });
    }
    if (m.event === 'USER_STATUS' && m.data.status === 'active') next.synced++;
    if (m.event === 'ORDER') next.orders++;
    if (m.event === 'OWNCOIN') {
      next.balances++;
      next.coins = [
        ...next.coins.filter((c) => !m.data.some((d) => d.type === c.type && d.coin === c.coin)),
        ...m.data,
      ];
    }
  };
}

onMount(activity, () => {
  if (typeof window === 'undefined') return;
  const follow = () => {
    const user = $userInfo.get();
    const token = $token.get();
    privateFeed.signIn(user && token ? { userId: user.id, token } : undefined);
  };
  const offToken = $token.listen(follow);
  const offUser = $userInfo.listen(follow);
  const off = privateFeed.listen(accountActivityFolder(activity));
  follow();
  return () => {
    off();
    offToken();
    offUser();
  };
});
