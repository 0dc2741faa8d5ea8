/** The top menu of docs/requirements.md §2, in order. `children` is the trade submenu. */
interface NavItem {
  key: string;
  href?: string;
  /**
   * Items that open a link fetched from the server (white paper, customer service) carry an action instead of an href.
   */
  action?: 'whitePaper' | 'customerService';
  children?: NavItem[];
}

export const TOP_MENU: NavItem[] = [
  { key: 'nav.home', href: '/home/index' },
  { key: 'nav.market', href: '/quotes/index' },
  { key: 'nav.news', href: '/news/index' },
  {
    key: 'nav.trade',
    href: '/trade/index?type=spot',
    children: [
      { key: 'nav.trade.speed', href: '/trade/index?type=sec' },
      { key: 'nav.trade.spot', href: '/trade/index?type=spot' },
      { key: 'nav.trade.margin', href: '/trade/index?type=usta' },
    ],
  },
  { key: 'nav.whitePaper', action: 'whitePaper' },
  { key: 'nav.staking', href: '/pledge/index' },
  { key: 'nav.loan', href: '/loan/index' },
  { key: 'nav.rules', href: '/rule/index' },
  { key: 'nav.finance', href: '/finance/investment' },
];

/** The footer's link groups of docs/requirements.md §2. */
export const FOOTER_GROUPS: Array<{ key: string; links: NavItem[] }> = [
  {
    key: 'footer.products',
    links: [
      { key: 'footer.spotPrices', href: '/quotes/index' },
      { key: 'footer.speedTrade', href: '/trade/index?type=sec' },
      { key: 'footer.marginTrade', href: '/trade/index?type=usta' },
      { key: 'footer.insuranceFund', href: '/insurance/index' },
      { key: 'footer.fees', href: '/fees/index' },
      { key: 'footer.staking', href: '/pledge/index' },
      { key: 'footer.defi', href: '/defis/index' },
    ],
  },
  {
    key: 'footer.services',
    links: [
      { key: 'footer.recharge', href: '/assets/index?key=recharge' },
      { key: 'footer.buyBtc', href: '/trade/index?type=spot&symbol=btcusdt' },
      { key: 'footer.buyEth', href: '/trade/index?type=spot&symbol=ethusdt' },
      { key: 'footer.buyBnb', href: '/trade/index?type=spot&symbol=bnbusdt' },
      { key: 'footer.otc', href: '/otc/common' },
      { key: 'footer.rates', href: '/rate/index' },
    ],
  },
  {
    key: 'footer.support',
    links: [
      { key: 'footer.terms', href: '/article/main/content/terms/1' },
      { key: 'footer.onlineSupport', action: 'customerService' },
    ],
  },
];
