import type { ChainDeposit } from '../../../isomorphic/contract/chain.ts';
import type { ChainMessage, PrivateFeedMessage } from '../../../isomorphic/contract/private-feed.ts';

/**
 * How the chain screens word and order what the chain says (docs/products/chain.md): pure, so the islands and the
 * stores share one reading and the tests check it without a page.
 */

/** A transaction hash or address cut to its ends, "0x1234…cdef": the whole value is what the copy button copies. */
export function shortHash(hash: string, keep = 6): string {
  return hash.length <= keep * 2 + 3 ? hash : `${hash.slice(0, keep)}…${hash.slice(-4)}`;
}

/** The message key and values of a deposit's state: "Pending · 3 of 12 confirmations", "Credited", … */
export function depositStatusText(d: ChainDeposit): { key: string; values?: Record<string, number> } {
  if (d.status === 'pending')
    return { key: 'onchain.deposit.pending', values: { n: d.confirmations, total: d.chain.confirmations } };
  return { key: `onchain.deposit.${d.status}` };
}

/** The badge tone of a deposit's or a payout's state, as StatusBadge colours review states. */
export function chainTone(status: string): 'done' | 'failed' | 'todo' {
  if (status === 'credited' || status === 'confirmed') return 'done';
  if (status === 'failed' || status === 'dropped' || status === 'dust') return 'failed';
  return 'todo';
}

/**
 * A list of deposits with one the feed pushed: the same deposit (by id) replaced where it is, a new one in front;
 * newest first and no longer than `size` (the first page the screen shows).
 */
export function mergeDeposit(list: readonly ChainDeposit[], d: ChainDeposit, size: number): ChainDeposit[] {
  const next = list.some((x) => x.id === d.id) ? list.map((x) => (x.id === d.id ? d : x)) : [d, ...list];
  return next.sort((a, b) => b.time - a.time || b.id - a.id).slice(0, size);
}

/** The chain message a private-feed message carries, if it is one. */
export function chainMessageOf(m: PrivateFeedMessage): ChainMessage | null {
  return m.event === 'CHAIN' ? m.data : null;
}

/**
 * The message key of a review's reason, when it is the platform's own word rather than an operator's: `auto` is a
 * chain withdrawal below the operators' limit, approved by itself (server/wallet/wallet.service.ts). Undefined: the
 * reason is an operator's text, shown as written.
 */
export function reasonKey(r: { status: string; reason: string | null; chain?: unknown }): string | undefined {
  return r.status === 'passed' && r.reason === 'auto' && r.chain ? 'onchain.autoApproved' : undefined;
}
