import { base58, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';
import { blake2b } from '@noble/hashes/blake2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Whether `address` is an address on a withdrawal network, its checksum included, so a typo is caught before anything
 * is frozen or an operator publishes a deposit address nobody can spend from: isChainAddress('BTC',
 * 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu') → true, and false with any one character changed. Pure (the browser
 * checks as the server does). A network not listed here takes any 20–120 letters and digits: it has no checksum known
 * here, so the operator adding such a network reviews its addresses by other means.
 */
export function isChainAddress(network: string, address: string): boolean {
  const check = CHECKS[network.toUpperCase()];
  if (!check) return ANY.test(address);
  try {
    return check(address);
  } catch {
    // The decoders throw on a bad alphabet, length or checksum: all of them mean "not an address".
    return false;
  }
}

const ANY = /^[A-Za-z0-9]{20,120}$/;
const b58check = createBase58check(sha256);

/** Base58check (double SHA-256 checksum) in an alphabet: the payload, or a throw when the checksum is wrong. */
function base58checkIn(alphabet: typeof base58, text: string): Uint8Array {
  const raw = alphabet.decode(text);
  const payload = raw.subarray(0, -4);
  const sum = sha256(sha256(payload));
  if (raw.length < 5 || !raw.subarray(-4).every((b, i) => b === sum[i])) throw new Error('bad checksum');
  return payload;
}

/** A legacy address: one version byte and a 20-byte hash (P2PKH, P2SH), in one of the given versions. */
const legacy =
  (...versions: number[]) =>
  (s: string): boolean => {
    const p = b58check.decode(s);
    return p.length === 21 && versions.includes(p[0]!);
  };

/**
 * A segwit address (BIP173, BIP350): version 0 in bech32 with a 20- or 32-byte program, versions 1–16 in bech32m with
 * 2–40 bytes. The decoder refuses mixed case and lengths over 90.
 */
const segwit =
  (hrp: string) =>
  (s: string): boolean => {
    if (!s.toLowerCase().startsWith(`${hrp}1`)) return false;
    const v0 = s[hrp.length + 1]?.toLowerCase() === 'q';
    const { prefix, words } = (v0 ? bech32 : bech32m).decode(s as `${string}1${string}`);
    const version = words[0]!;
    const program = bech32.fromWords(words.slice(1));
    if (prefix !== hrp || version > 16) return false;
    if (version === 0) return program.length === 20 || program.length === 32;
    return program.length >= 2 && program.length <= 40;
  };

const either =
  (...checks: Array<(s: string) => boolean>) =>
  (s: string): boolean =>
    checks.some((c) => {
      try {
        return c(s);
      } catch {
        return false;
      }
    });

/** EIP-55: mixed case is a checksum (each letter upper where the keccak of the lower-case hex has a nibble ≥ 8). */
function evm(s: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(s)) return false;
  const hex = s.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(utf8ToBytes(hex.toLowerCase()));
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    const c = hex[i]!;
    if (/[a-f]/.test(c) && nibble >= 8) return false;
    if (/[A-F]/.test(c) && nibble < 8) return false;
  }
  return true;
}

/** TRON: base58check of 0x41 and the 20-byte account hash, always 34 characters starting with T. */
function tron(s: string): boolean {
  if (s.length !== 34) return false;
  const p = b58check.decode(s);
  return p.length === 21 && p[0] === 0x41;
}

/** XRP Ledger classic address: version 0x00 and a 20-byte account id, base58check in Ripple's alphabet. */
function xrp(s: string): boolean {
  const p = base58checkIn(base58xrp, s);
  return p.length === 21 && p[0] === 0x00;
}

/** Solana: a 32-byte public key in base58, with no checksum (the length is all there is to check). */
const sol = (s: string): boolean => s.length >= 32 && s.length <= 44 && base58.decode(s).length === 32;

/**
 * Cardano Shelley payment address (CIP-19): bech32 `addr` with no length limit, header types 0–7 (base, pointer,
 * enterprise) on mainnet (network id 1), at least a 28-byte payment credential after the header.
 */
function ada(s: string): boolean {
  if (!s.startsWith('addr1')) return false;
  const { prefix, words } = bech32.decode(s as `${string}1${string}`, false);
  const bytes = bech32.fromWords(words);
  const header = bytes[0]!;
  return prefix === 'addr' && header >> 4 <= 7 && (header & 0x0f) === 1 && bytes.length >= 29;
}

const SS58PRE = utf8ToBytes('SS58PRE');

/** Polkadot SS58 (prefix 0): prefix, a 32-byte account and the first 2 bytes of blake2b-512('SS58PRE' ‖ both). */
function dot(s: string): boolean {
  const raw = base58.decode(s);
  if (raw.length !== 35 || raw[0] !== 0) return false;
  const body = raw.subarray(0, 33);
  const sum = blake2b(new Uint8Array([...SS58PRE, ...body]), { dkLen: 64 });
  return raw[33] === sum[0] && raw[34] === sum[1];
}

const CHECKS: Record<string, (s: string) => boolean> = {
  ERC20: evm,
  BEP20: evm,
  TRC20: tron,
  // Bitcoin: P2PKH (1…) and P2SH (3…), segwit v0 (bc1q…) and taproot and later (bc1p…).
  BTC: either(legacy(0x00, 0x05), segwit('bc')),
  // Litecoin: P2PKH (L…), P2SH (M…, and the old 3… it shares with Bitcoin), segwit (ltc1…).
  LTC: either(legacy(0x30, 0x32, 0x05), segwit('ltc')),
  // Dogecoin: P2PKH (D…) and P2SH (9… or A…).
  DOGE: legacy(0x1e, 0x16),
  XRP: xrp,
  SOL: sol,
  ADA: ada,
  DOT: dot,
};
