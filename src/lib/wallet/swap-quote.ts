import { atom, onMount, readonlyType } from 'nanostores';
import type { SwapQuote } from '../../../isomorphic/contract/wallet.ts';
import { swapQuote } from './actions.ts';

/** What the swap form asks a price for: two coins and, once typed, the amount. */
interface SwapInput {
  from: string;
  to: string;
  amount: string;
}
const START: SwapInput = { from: 'USDT', to: 'BTC', amount: '' };
/** Typing settles this long before a price is asked, so each keystroke does not ask. */
const SETTLE_MS = 250;

const input = atom<SwapInput>(START);
const quote = atom<SwapQuote | null>(null);
/** The swap form's coins and amount. */
export const $swapInput = readonlyType(input);
/**
 * The live quote for $swapInput (null: none, the same coin twice, or the market refused), asked again when the
 * input settles and when the quote's 30 s validity ends, so the form never shows a stale one.
 */
export const $swapQuote = readonlyType(quote);

let asked = 0;
/** Whether a form shows the quote: only then is a price asked. */
let shown = false;
let settle: ReturnType<typeof setTimeout> | undefined;
let expiry: ReturnType<typeof setTimeout> | undefined;

/** Asks a price for what the form holds now; only the latest question's answer is kept. */
export async function requoteSwap(): Promise<void> {
  const mine = ++asked;
  clearTimeout(expiry);
  const { from, to, amount } = input.get();
  if (from === to) return quote.set(null);
  try {
    const q = await swapQuote(from, to, Number(amount) > 0 ? amount : undefined);
    if (mine !== asked) return;
    quote.set(q);
    expiry = setTimeout(() => void requoteSwap(), Math.max(0, q.expiresAt - Date.now()));
  } catch {
    if (mine === asked) quote.set(null);
  }
}

/** Changes what the form holds; the price follows once typing settles. */
export function editSwap(patch: Partial<SwapInput>): void {
  input.set({ ...input.get(), ...patch });
  clearTimeout(settle);
  if (shown) settle = setTimeout(() => void requoteSwap(), SETTLE_MS);
}

// The form appearing starts from USDT → BTC and asks; leaving stops asking.
onMount(quote, () => {
  if (typeof window === 'undefined') return;
  shown = true;
  input.set(START);
  settle = setTimeout(() => void requoteSwap(), SETTLE_MS);
  return () => {
    shown = false;
    asked++;
    clearTimeout(settle);
    clearTimeout(expiry);
  };
});
