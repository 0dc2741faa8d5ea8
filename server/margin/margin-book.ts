import type { CorePart } from '../core/command.ts';
import type { RiskEngine } from '../core/risk/risk-engine.ts';
import type { Market } from '../spot/market.ts';
import type { SpotBooks } from '../spot/spot-books.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { fail } from '../outcome.ts';
import type { Queryable } from '../storage/db.ts';
import { DAILY_RATES, nextChargeAt } from './interest.ts';
import { LevelIndex } from './level-index.ts';
import { LIQUIDATION_LEVEL, MARGIN_CALL_LEVEL, QUOTE, type Line, type MarginAccount } from './margin-account.ts';
import { marginRules } from './margin-rule.ts';
import { loadMargin, writeMargin, type MarginRows } from './margin.repo.ts';
import type { MarginRecordKind } from '../../isomorphic/contract/margin.ts';

/** Isolated accounts start at 5× (initial level 1.25, clear of liquidation at 1.1); users choose 2× to 10×. */
const DEFAULT_ISOLATED_LEVERAGE = 5n;

/** One margin account in the core: a line per asset (mutable), what its orders hold, its open loans per asset. */
export interface MarginAcct {
  id: number;
  userId: number;
  /** The isolated account's pair; null for the cross account. */
  symbol: string | null;
  base: string | null;
  quote: string | null;
  leverage: bigint;
  lines: Map<string, Line>;
  onOrder: Map<string, bigint>;
  /** Its orders resting on the spot books (a liquidation cancels them without looking at every order). */
  orders: Set<number>;
  /** Sent a margin call and not yet back above its level. */
  called: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface LoanRow {
  id: number;
  accountId: number;
  userId: number;
  asset: string;
  amount: bigint;
  principal: bigint;
  startedAt: number;
  hoursCharged: number;
  interestCharged: bigint;
  updatedAt: number;
}

export interface RecordRow {
  id: number;
  userId: number;
  accountId: number;
  kind: MarginRecordKind;
  symbol: string | null;
  asset: string;
  amount: bigint;
  interest: bigint;
  principal: bigint;
  level: bigint | null;
  hours: number;
  loanId: number | null;
  fromHour: number | null;
  createdAt: number;
}

type EncodedLine = [asset: string, balance: string, onOrder: string, principal: string, interest: string];
type EncodedAcct = [
  id: number,
  userId: number,
  symbol: string | null,
  leverage: string,
  called: boolean,
  createdAt: number,
  updatedAt: number,
  lines: EncodedLine[],
];
type EncodedLoan = [
  id: number,
  accountId: number,
  userId: number,
  asset: string,
  amount: string,
  principal: string,
  startedAt: number,
  hoursCharged: number,
  interestCharged: string,
  updatedAt: number,
];

const keyOf = (userId: number, symbol: string | null) => `${userId}:${symbol ?? ''}`;

/**
 * Spot margin inside the trading core (docs/architecture.md, "The trading core"): every margin account with its lines,
 * the open loans, the index prices of the last journaled tick (every decision that values an account uses them, so a
 * replay decides the same), and two level indexes (margin call at 1.3, liquidation at 1.1) that tell a tick which
 * accounts to look at. The ledger holds the money: a user's cross account is account type 5, all their isolated
 * accounts together type 6 (this part keeps the split per pair, and a test checks that the lines sum to the ledger's
 * balances); loans come from the lending pool (type 107). Margin orders rest on the spot books, under the margin rules
 * this part plugs into them.
 */
export class MarginBook implements CorePart {
  readonly name = 'margin';
  readonly accounts = new Map<string, MarginAcct>();
  readonly byId = new Map<number, MarginAcct>();
  private readonly byUser = new Map<number, MarginAcct[]>();
  /** Open loans per account id, oldest first. */
  readonly loans = new Map<number, LoanRow[]>();
  /** USDT per whole asset at 8 decimals, from the last tick; USDT itself is 10⁸. */
  prices = new Map<string, bigint>();
  pricedAt = 0;
  callIndex = new LevelIndex();
  liquidationIndex = new LevelIndex();
  /** Accounts changed since their triggers were last set: the next tick checks them in full. */
  readonly dirty = new Set<MarginAcct>();
  /** The spot books margin orders rest on (set at attach). */
  spot!: SpotBooks;
  private ids = { account: 1, loan: 1, record: 1 };
  private touchedAccounts = new Set<MarginAcct>();
  private touchedLoans = new Set<LoanRow>();
  private records: RecordRow[] = [];
  private nextDue: number | undefined;
  /**
   * A tick moved the prices since the last projection (they are projected too: a restart from the tables decides with
   * them).
   */
  pricesChanged = false;

  attach(_risk: RiskEngine, part: <T extends CorePart>(name: string) => T): void {
    this.spot = part<SpotBooks>('spot');
    for (const [account, rule] of marginRules(this)) this.spot.rules.set(account, rule);
  }

  /** The spot markets open for margin: against USDT, with a borrowing rate for their base. */
  marginMarkets(): Market[] {
    return this.spot
      .spotMarkets()
      .filter((m) => m.quote === QUOTE && m.status === 'active' && DAILY_RATES[m.base] !== undefined);
  }

  marginMarket(symbol: string): Market {
    const m = this.spot.market(symbol);
    if (!this.marginMarkets().includes(m)) fail('marginPairNotOpen');
    return m;
  }

  /** The assets that may be borrowed: USDT and every margin market's base. */
  borrowableAssets(): string[] {
    return [QUOTE, ...this.marginMarkets().map((m) => m.base)];
  }

  price(asset: string): bigint {
    if (asset === QUOTE) return 100_000_000n;
    const p = this.prices.get(asset);
    if (p === undefined) fail('marginNoPrice');
    return p;
  }

  find(userId: number, symbol: string | null): MarginAcct | undefined {
    return this.accounts.get(keyOf(userId, symbol));
  }

  /** The user's account (cross when symbol is null), opened on first use. */
  open(userId: number, symbol: string | null, now: number): MarginAcct {
    const found = this.find(userId, symbol);
    if (found) return found;
    const m = symbol === null ? undefined : this.marginMarket(symbol);
    const a: MarginAcct = {
      id: this.ids.account++,
      userId,
      symbol,
      base: m?.base ?? null,
      quote: m?.quote ?? null,
      leverage: m ? DEFAULT_ISOLATED_LEVERAGE : 3n,
      lines: new Map(),
      onOrder: new Map(),
      orders: new Set(),
      called: false,
      createdAt: now,
      updatedAt: now,
    };
    this.add(a);
    this.touch(a, now);
    return a;
  }

  typeOf(a: MarginAcct): typeof ACCOUNT.marginCross | typeof ACCOUNT.marginIsolated {
    return a.symbol === null ? ACCOUNT.marginCross : ACCOUNT.marginIsolated;
  }

  /** The assets an account may hold: any for cross, the pair's two for isolated. */
  holds(a: MarginAcct, asset: string): boolean {
    return a.symbol === null || asset === a.base || asset === a.quote;
  }

  /** The account's line of an asset, made when missing: only for a change that is going ahead. */
  line(a: MarginAcct, asset: string): Line {
    let l = a.lines.get(asset);
    if (!l) a.lines.set(asset, (l = { balance: 0n, principal: 0n, interest: 0n }));
    return l;
  }

  onOrder(a: MarginAcct, asset: string): bigint {
    return a.onOrder.get(asset) ?? 0n;
  }

  free(a: MarginAcct, asset: string): bigint {
    return (a.lines.get(asset)?.balance ?? 0n) - this.onOrder(a, asset);
  }

  addOnOrder(a: MarginAcct, asset: string, delta: bigint): void {
    a.onOrder.set(asset, this.onOrder(a, asset) + delta);
  }

  /** The account as the domain modules (margin-account.ts) read it, at this moment. */
  view(a: MarginAcct): MarginAccount {
    const lines = Object.fromEntries(a.lines);
    return a.symbol === null ? { mode: 'cross', lines } : { mode: 'isolated', base: a.base!, quote: a.quote!, lines };
  }

  /** An account changed: projected after the batch, and checked in full at the next tick. */
  touch(a: MarginAcct, now: number): void {
    a.updatedAt = now;
    this.touchedAccounts.add(a);
    this.dirty.add(a);
  }

  openLoans(a: MarginAcct, asset: string): LoanRow[] {
    return (this.loans.get(a.id) ?? []).filter((l) => l.asset === asset);
  }

  addLoan(a: MarginAcct, asset: string, amount: bigint, now: number, interest: bigint): LoanRow {
    const loan: LoanRow = {
      id: this.ids.loan++,
      accountId: a.id,
      userId: a.userId,
      asset,
      amount,
      principal: amount,
      startedAt: now,
      hoursCharged: 1,
      interestCharged: interest,
      updatedAt: now,
    };
    let list = this.loans.get(a.id);
    if (!list) this.loans.set(a.id, (list = []));
    list.push(loan);
    this.touchedLoans.add(loan);
    if (this.nextDue !== undefined) this.nextDue = Math.min(this.nextDue, nextChargeAt(loan));
    return loan;
  }

  touchLoan(loan: LoanRow, now: number): void {
    loan.updatedAt = now;
    this.nextDue = undefined;
    this.touchedLoans.add(loan);
    if (loan.principal === 0n) {
      const list = this.loans.get(loan.accountId)!.filter((l) => l !== loan);
      if (list.length) this.loans.set(loan.accountId, list);
      else this.loans.delete(loan.accountId);
    }
  }

  /**
   * The earliest time an open loan's next hour falls due; Infinity without loans. Kept between calls (the job asks
   * every second) and found again after loans are charged or repaid.
   */
  nextInterestAt(): number {
    if (this.nextDue === undefined) {
      this.nextDue = Infinity;
      for (const list of this.loans.values())
        for (const l of list) this.nextDue = Math.min(this.nextDue, nextChargeAt(l));
    }
    return this.nextDue;
  }

  record(
    a: MarginAcct,
    r: Omit<RecordRow, 'id' | 'userId' | 'accountId' | 'symbol' | 'level' | 'hours' | 'loanId' | 'fromHour'> &
      Partial<Pick<RecordRow, 'level' | 'hours' | 'loanId' | 'fromHour'>>,
  ): void {
    this.records.push({
      id: this.ids.record++,
      userId: a.userId,
      accountId: a.id,
      symbol: a.symbol,
      level: null,
      hours: 0,
      loanId: null,
      fromHour: null,
      ...r,
    });
  }

  /** Whether a level index may look at an account: it owes something (an account without debt has no level). */
  indexed(a: MarginAcct): boolean {
    for (const l of a.lines.values()) if (l.principal + l.interest > 0n) return true;
    return false;
  }

  thresholds(): Array<[LevelIndex, bigint]> {
    return [
      [this.callIndex, MARGIN_CALL_LEVEL],
      [this.liquidationIndex, LIQUIDATION_LEVEL],
    ];
  }

  async load(q: Queryable): Promise<void> {
    const state = await loadMargin(q);
    this.reset();
    this.ids = state.ids;
    this.prices = state.prices;
    this.pricedAt = state.pricedAt;
    for (const a of state.accounts) this.add(a);
    for (const l of state.loans) {
      let list = this.loans.get(l.accountId);
      if (!list) this.loans.set(l.accountId, (list = []));
      list.push(l);
    }
    this.adoptOrders();
  }

  /** The margin orders resting on the spot books (loaded or restored before this part), each under its account. */
  private adoptOrders(): void {
    for (const o of this.spot.live.values())
      if (o.account !== 'spot') this.find(o.userId, o.account === 'cross' ? null : o.symbol)?.orders.add(o.id);
  }

  snapshot(): unknown {
    const accounts = [...this.byId.values()]
      .sort((a, b) => a.id - b.id)
      .map(
        (a): EncodedAcct => [
          a.id,
          a.userId,
          a.symbol,
          `${a.leverage}`,
          a.called,
          a.createdAt,
          a.updatedAt,
          [...a.lines]
            .sort(([x], [y]) => (x < y ? -1 : 1))
            .map(([asset, l]) => [
              asset,
              `${l.balance}`,
              `${this.onOrder(a, asset)}`,
              `${l.principal}`,
              `${l.interest}`,
            ]),
        ],
      );
    const loans = [...this.loans.values()]
      .flat()
      .sort((a, b) => a.id - b.id)
      .map(
        (l): EncodedLoan => [
          l.id,
          l.accountId,
          l.userId,
          l.asset,
          `${l.amount}`,
          `${l.principal}`,
          l.startedAt,
          l.hoursCharged,
          `${l.interestCharged}`,
          l.updatedAt,
        ],
      );
    return {
      ids: this.ids,
      prices: [...this.prices].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, `${v}`]),
      pricedAt: this.pricedAt,
      accounts,
      loans,
    };
  }

  restore(data: unknown): void {
    const s = data as {
      ids: MarginBook['ids'];
      prices: Array<[string, string]>;
      pricedAt: number;
      accounts: EncodedAcct[];
      loans: EncodedLoan[];
    };
    this.reset();
    this.ids = { ...s.ids };
    this.prices = new Map(s.prices.map(([k, v]) => [k, BigInt(v)]));
    this.pricedAt = s.pricedAt;
    for (const [id, userId, symbol, leverage, called, createdAt, updatedAt, lines] of s.accounts) {
      const m = symbol === null ? undefined : this.spot.market(symbol);
      const a: MarginAcct = {
        id,
        userId,
        symbol,
        base: m?.base ?? null,
        quote: m?.quote ?? null,
        leverage: BigInt(leverage),
        called,
        createdAt,
        updatedAt,
        lines: new Map(
          lines.map(([asset, b, , p, i]) => [asset, { balance: BigInt(b), principal: BigInt(p), interest: BigInt(i) }]),
        ),
        onOrder: new Map(lines.filter(([, , o]) => o !== '0').map(([asset, , o]) => [asset, BigInt(o)])),
        orders: new Set(),
      };
      this.add(a);
    }
    this.adoptOrders();
    for (const [
      id,
      accountId,
      userId,
      asset,
      amount,
      principal,
      startedAt,
      hoursCharged,
      interestCharged,
      updatedAt,
    ] of s.loans) {
      let list = this.loans.get(accountId);
      if (!list) this.loans.set(accountId, (list = []));
      list.push({
        id,
        accountId,
        userId,
        asset,
        amount: BigInt(amount),
        principal: BigInt(principal),
        startedAt,
        hoursCharged,
        interestCharged: BigInt(interestCharged),
        updatedAt,
      });
    }
  }

  takeRows(): MarginRows | undefined {
    if (!this.touchedAccounts.size && !this.touchedLoans.size && !this.records.length && !this.pricesChanged)
      return undefined;
    const rows: MarginRows = {
      prices: this.pricesChanged ? { at: this.pricedAt, prices: [...this.prices] } : undefined,
      accounts: [...this.touchedAccounts].map((a) => ({
        id: a.id,
        userId: a.userId,
        symbol: a.symbol,
        leverage: a.leverage,
        called: a.called,
        createdAt: a.createdAt,
        updatedAt: a.updatedAt,
        lines: [...a.lines].map(([asset, l]) => ({ asset, ...l, onOrder: this.onOrder(a, asset) })),
      })),
      loans: [...this.touchedLoans].map((l) => ({ ...l })),
      records: this.records,
    };
    this.touchedAccounts = new Set();
    this.touchedLoans = new Set();
    this.records = [];
    this.pricesChanged = false;
    this.nextDue = undefined;
    return rows;
  }

  write(q: Queryable, rows: unknown[]): Promise<void> {
    return writeMargin(q, rows as MarginRows[]);
  }

  /** A user's accounts, in the order they opened. */
  accountsOf(userId: number): MarginAcct[] {
    return this.byUser.get(userId) ?? [];
  }

  private add(a: MarginAcct): void {
    this.accounts.set(keyOf(a.userId, a.symbol), a);
    let mine = this.byUser.get(a.userId);
    if (!mine) this.byUser.set(a.userId, (mine = []));
    mine.push(a);
    this.byId.set(a.id, a);
    this.dirty.add(a);
  }

  private reset(): void {
    this.accounts.clear();
    this.byId.clear();
    this.byUser.clear();
    this.loans.clear();
    this.prices = new Map();
    this.pricedAt = 0;
    this.dirty.clear();
    this.callIndex = new LevelIndex();
    this.liquidationIndex = new LevelIndex();
    this.pricesChanged = false;
    this.touchedAccounts = new Set();
    this.touchedLoans = new Set();
    this.records = [];
  }
}
