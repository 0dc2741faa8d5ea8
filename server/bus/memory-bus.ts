import type { Bus, BusHandler } from './bus.ts';
import { topicMatches } from './bus.ts';

/**
 * The bus of the embedded default: one process, delivered in order on the next microtask, so a publisher never
 * runs its subscribers inside its own call (as with a broker, where delivery is always later). Exact topics are
 * looked up directly; only wildcard subscriptions are matched one by one.
 */
export class MemoryBus implements Bus {
  private readonly exact = new Map<string, Set<BusHandler>>();
  private readonly wild = new Map<string, Set<BusHandler>>();

  publish(topic: string, message: unknown): void {
    const handlers = [...(this.exact.get(topic) ?? [])];
    for (const [pattern, set] of this.wild) if (topicMatches(pattern, topic)) handlers.push(...set);
    if (!handlers.length) return;
    queueMicrotask(() => {
      for (const h of handlers) h(message, topic);
    });
  }

  subscribe(pattern: string, handler: BusHandler): () => void {
    const map = /(^|\.)[*#](\.|$)/.test(pattern) ? this.wild : this.exact;
    let set = map.get(pattern);
    if (!set) map.set(pattern, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (!set.size) map.delete(pattern);
    };
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {
    this.exact.clear();
    this.wild.clear();
  }
}
