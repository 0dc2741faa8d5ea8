import type { ProofLeaf } from '../contract/proof.ts';

/** What a downloaded proof file says it is. */
export const PROOF_FILE_FORMAT = 'lumex-proof-of-liabilities-v1';
/** The version tag every leaf starts with, so a later format can never be mistaken for this one. */
const LEAF_FORMAT = 'lumex-por-v1';
/** Domain separation (RFC 6962): a leaf can never pass for an inner node, nor an inner node for a leaf. */
const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;

/**
 * The exact text a leaf hashes, balances sorted by asset code: leafText({ uid: '20250001', salt: '9f…', balances: [{
 * asset: 'USDT', amount: '12.50000000' }, { asset: 'BTC', amount: '0.10000000' }] }) →
 * 'lumex-por-v1|20250001|9f…|BTC:0.10000000,USDT:12.50000000'. The leaf hash is SHA-256 of the byte 0x00 and this text
 * in UTF-8; an inner node is SHA-256 of 0x01, the left hash and the right hash (32 bytes each).
 */
export function leafText(leaf: ProofLeaf): string {
  const balances = [...leaf.balances].sort((a, b) => (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0));
  return [LEAF_FORMAT, leaf.uid, leaf.salt, balances.map((b) => `${b.asset}:${b.amount}`).join(',')].join('|');
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Hex to bytes; undefined for anything that is not an even run of hex digits. */
export function fromHex(hex: string): Uint8Array | undefined {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) return undefined;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The bytes a leaf hash is taken over. */
export function leafBytes(leaf: ProofLeaf): Uint8Array {
  const text = new TextEncoder().encode(leafText(leaf));
  const out = new Uint8Array(text.length + 1);
  out[0] = LEAF_PREFIX;
  out.set(text, 1);
  return out;
}

/** The bytes an inner node's hash is taken over. */
export function nodeBytes(left: Uint8Array, right: Uint8Array): Uint8Array {
  const out = new Uint8Array(1 + left.length + right.length);
  out[0] = NODE_PREFIX;
  out.set(left, 1);
  out.set(right, 1 + left.length);
  return out;
}
