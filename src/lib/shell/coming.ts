/**
 * Products of the spec whose screens do not exist yet. Each has its own spec route (§2), pre-rendered in every
 * language by one page (src/pages/[...coming].astro) that says what the product is and that it comes in a coming
 * release, so a menu entry never drops a visitor on the home page without a word. Delete an entry when its
 * screen lands.
 */
export interface ComingProduct {
  /** The spec route, without a locale prefix. */
  path: string;
  /** Dictionary key of the product's name (the menu's own wording where the menu names it). */
  title: string;
  /** Dictionary key of what the product does. */
  text: string;
  /** What already works today, with where to find it. */
  today?: { text: string; href: string };
}

export const COMING_PRODUCTS: ComingProduct[] = [
  { path: '/pledge/index', title: 'nav.staking', text: 'coming.staking.text' },
  { path: '/finance/investment', title: 'nav.finance', text: 'coming.finance.text' },
];
