import type { Client, StompSubscription } from '@stomp/stompjs';
import type { UserInfo } from '../../../isomorphic/contract/user.ts';
import { $token, $userInfo } from '../stores/session.ts';
import { stompClient } from './stomp.ts';

interface Listener {
  /** The topics to follow for the signed-in user. */
  topics: (user: UserInfo) => string[];
  onMessage: (message: unknown) => void;
  /** Called on every (re)connect: pushes sent while the socket was down were missed. */
  onConnect?: () => void;
}

/**
 * The signed-in user's STOMP connection, one for the page whatever follows it (the OTC refresh topics, the chat
 * topic): opened with the first listener and closed after the last, signed in again when the session changes.
 * Each connect is a new STOMP session, so every listener subscribes again.
 */
class UserStomp {
  private client: Client | undefined;
  private signedAs = '';
  /** Each listener's subscriptions on the current connection, and the topics they follow. */
  private readonly subscriptions = new Map<Listener, { topics: string; subs: StompSubscription[] }>();
  private offSession: (() => void) | undefined;

  listen(listener: Listener): () => void {
    this.subscriptions.set(listener, { topics: '', subs: [] });
    if (!this.offSession) this.follow();
    else this.connect();
    return () => {
      this.unsubscribe(listener);
      this.subscriptions.delete(listener);
      if (!this.subscriptions.size) this.stop();
    };
  }

  private follow(): void {
    const again = () => this.connect();
    const offToken = $token.listen(again);
    const offUser = $userInfo.listen(again);
    this.offSession = () => {
      offToken();
      offUser();
    };
    again();
  }

  /**
   * Signs in again when the user or token changed; on the same open session, brings each listener's subscriptions up
   * to date (a new listener, or topics that changed with the user, e.g. a merchant's approval).
   */
  private connect(): void {
    const user = $userInfo.get();
    const token = $token.get();
    const who = user && token ? `${user.id}:${token}` : '';
    if (who === this.signedAs) {
      if (user && this.client?.connected) {
        for (const [l, was] of this.subscriptions) {
          if (was.topics === l.topics(user).join(',')) continue;
          this.unsubscribe(l);
          this.subscribe(l, user);
        }
      }
      return;
    }
    void this.client?.deactivate();
    this.client = undefined;
    this.signedAs = who;
    if (!user || !token) return;
    const client = stompClient(
      { userId: user.id, token },
      {
        onConnect: () => {
          // A client being replaced may still connect: only the current one subscribes.
          if (this.client !== client) return;
          const now = $userInfo.get() ?? user;
          for (const l of this.subscriptions.keys()) this.subscribe(l, now);
        },
      },
    );
    this.client = client;
    client.activate();
  }

  private subscribe(l: Listener, user: UserInfo): void {
    const client = this.client;
    if (!client) return;
    const topics = l.topics(user);
    this.subscriptions.set(l, {
      topics: topics.join(','),
      subs: topics.map((topic) =>
        client.subscribe(topic, (frame) => {
          let m: unknown;
          try {
            m = JSON.parse(frame.body);
          } catch {
            return;
          }
          l.onMessage(m);
        }),
      ),
    });
    l.onConnect?.();
  }

  private unsubscribe(l: Listener): void {
    if (this.client?.connected) for (const s of this.subscriptions.get(l)?.subs ?? []) s.unsubscribe();
  }

  private stop(): void {
    this.offSession?.();
    this.offSession = undefined;
    this.signedAs = '';
    void this.client?.deactivate();
    this.client = undefined;
  }
}

/** The page's user STOMP connection. */
export const userStomp = new UserStomp();
