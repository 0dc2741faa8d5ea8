import type { Bus, BusHandler } from './bus.ts';
import { wordsMatch } from './bus.ts';

/**
 * The bus of the embedded default: one process, delivered in order on the next microtask, so a publisher never
 * runs its subscribers inside its own call (as with a broker, where delivery is always later). Exact topics are
 * looked up directly; only wildcard subscriptions are matched one by one, on their words split once when made.
 * Every order publishes several messages, most of them heard by nobody: such a publish allocates nothing.
 */
/** A pattern's subscribers and its words, split once. */
interface Subscribers {
  words: string[];
  handlers: Set<BusHandler>;
}

export class MemoryBus implements Bus {
  private readonly exact = new Map<string, Subscribers>();
  private readonly wild = new Map<string, Subscribers>();

  publish(topic: string, message: unknown): void {
    const exact = this.exact.get(topic)?.handlers;
    let handlers = exact ? [...exact] : undefined;
    if (this.wild.size) {
      const words = topic.split('.');
      for (const w of this.wild.values()) if (wordsMatch(w.words, words)) (handlers ??= []).push(...w.handlers);
    }
    if (!handlers) return;
    const now = handlers;
    queueMicrotask(() => {
      for (const h of now) h(message, topic);
    });
  }

  subscribe(pattern: string, handler: BusHandler): () => void {
    const map = /(^|\.)[*#](\.|$)/.test(pattern) ? this.wild : this.exact;
    let entry = map.get(pattern);
    if (!entry) map.set(pattern, (entry = { words: pattern.split('.'), handlers: new Set() }));
    entry.handlers.add(handler);
    return () => {
      entry.handlers.delete(handler);
      if (!entry.handlers.size) map.delete(pattern);
    };
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {
    this.exact.clear();
    this.wild.clear();
  }
}
