import { ASSET_SCALE, formatUnits } from '../../../isomorphic/money/units.ts';
import { fail } from '../../outcome.ts';
import { ACCOUNT, accountKey, isPlatformAccount, type AccountType, type BillType } from '../../ledger/account-types.ts';
import type { Posting, PostingMeta } from '../../ledger/ledger.ts';
import { holdKey, holdName, HoldTable, type Hold, type HoldId } from './hold-table.ts';

/** One account as the core holds it: `held` is the sum of the holds on it. */
export interface CoreBalance {
  available: bigint;
  held: bigint;
}

export type { Hold, HoldId } from './hold-table.ts';

/** A ledger transaction the core decided, for the projector: its lines and what caused it. */
export interface LedgerFact {
  lines: Posting[];
  billType: BillType;
  refType: string;
  refId: string;
  at: number;
}

/** Spending part of a hold inside a ledger transaction. */
export interface Spend {
  hold: HoldId;
  amount: bigint;
  billType?: BillType;
}

/** Refuses spending that would dip into what open cross positions need, saying how much may go. */
function reserved(available: bigint, reserve: bigint, asset: string): never {
  const max = available > reserve ? available - reserve : 0n;
  fail('contractMarginReserved', { max: formatUnits(max, ASSET_SCALE), coin: asset });
}

/**
 * The external world (deposits in, withdrawals out) may go below zero, and so may the perpetual clearing account:
 * it pays realised profits and takes realised losses, so it stands at minus the open positions' PnL and comes
 * back to zero when every position is closed.
 */
const mayGoNegative = (type: AccountType) => type === ACCOUNT.external || type === ACCOUNT.perpClearing;

const NO_SPENDS: readonly Spend[] = [];

/**
 * The balances by account key, counting every change of which accounts it holds (`version`): the engine's table of
 * accounts it has met keeps each one's balance object beside its key, and looks it up again only after the table
 * changed (a restore, a load), so a ledger line finds its balance without hashing its key again.
 */
class BalanceTable extends Map<string, CoreBalance> {
  version = 0;

  override set(key: string, b: CoreBalance): this {
    this.version++;
    return super.set(key, b);
  }

  override delete(key: string): boolean {
    this.version++;
    return super.delete(key);
  }

  override clear(): void {
    this.version++;
    super.clear();
  }

  /**
   * A first balance for an account whose slot is at hand: the slot takes it, and no other slot can hold this key,
   * so the table's version (which would send every slot to look its balance up again) stays.
   */
  open(slot: AccountSlot): CoreBalance {
    const b: CoreBalance = { available: 0n, held: 0n };
    super.set(slot.key, b);
    slot.balance = b;
    return b;
  }
}

/** An account the engine has met: its key and, as of `version` of the balances, its balance object. */
interface AccountSlot {
  key: string;
  balance: CoreBalance | undefined;
  version: number;
  /** The round of `changed` it was last noted in (`touch`): an account a batch changes again costs no look-up. */
  noted: number;
}

/**
 * Every balance of every account (users' and the platform's), per account type and asset, with the holds on
 * them: the truth the trading core decides against (docs/architecture.md, "The trading core"). Changes are balanced
 * ledger transactions; each is checked in full before any line moves, so a refused change moves nothing. What
 * changed is recorded as facts for the projector, which writes the accounts and ledger tables behind.
 */
export class RiskEngine {
  readonly balances = new BalanceTable();
  readonly holds = new HoldTable();
  /** Facts since the projector last took them. */
  facts: LedgerFact[] = [];
  /** The accounts those facts changed, by key (takeChanged). */
  private changed = new Map<string, Posting>();
  /** Which round of `changed` this is: each take starts a new one. */
  private round = 0;
  /**
   * Each account's key, by asset and then owner and type as one number: the key a line names is found, not built
   * (a template string per line, hashed again by every Map it meets). Only accounts a transaction reached are kept.
   */
  private readonly keys = new Map<string, Map<number, AccountSlot>>();
  /** The working arrays of `resolve`, kept between transactions. */
  private readonly scratch = {
    line: [] as Posting[],
    account: [] as AccountSlot[],
    balance: [] as Array<CoreBalance | undefined>,
    available: [] as bigint[],
    held: [] as bigint[],
    assets: [] as string[],
    sums: [] as bigint[],
    /** `post`'s holds, each spend's, found once. */
    holds: [] as Array<Hold | undefined>,
  };
  /** The time of the command being decided, stamped on its facts. */
  now = 0;
  /**
   * Off while the core replays batches the projector has written (server/core/core.ts `apply`): their facts and
   * changed accounts would only be dropped, so neither is kept.
   */
  recording = true;
  /**
   * What a user's contract account must keep available for its cross positions (their initial margin at the mark
   * less their unrealised PnL): perpetuals set it. A user's own spending (a hold, a transfer out) may not take the
   * available balance below it; the positions' own settlements pass `guard: false`.
   */
  contractReserve: ((owner: number, asset: string) => bigint) | undefined;
  /** Told whenever a user's contract account loses available balance (its liquidation triggers may be stale). */
  contractChanged: ((owner: number, asset: string) => void) | undefined;

  balance(owner: number | null, type: AccountType, asset: string): CoreBalance {
    return this.balances.get(accountKey(owner, type, asset)) ?? { available: 0n, held: 0n };
  }

  available(owner: number | null, type: AccountType, asset: string): bigint {
    return this.balance(owner, type, asset).available;
  }

  /**
   * Refuses a transaction that does not sum to zero per asset, pairs an owner with a platform type, touches a
   * hold, or would leave an available or held amount below zero. Moves nothing.
   */
  check(lines: readonly Posting[], guard = true): void {
    this.resolve(lines, guard);
  }

  /**
   * Checks and applies a ledger transaction, spending from holds as `spends` says (each becomes a line taking
   * that much from the hold's held amount, under its own bill type if it names one). Held amounts move only
   * through holds: hold, spends, release.
   */
  post(lines: Posting[], meta: PostingMeta, spends: readonly Spend[] = NO_SPENDS, guard = true): void {
    for (let i = 0; i < lines.length; i++)
      if (lines[i]!.frozen) throw new Error('held amounts move only through holds');
    // Without spends the lines are the transaction: kept as its fact's lines, not copied (a caller hands over a
    // fresh array and changes it no more, as every caller builds its lines for this one post).
    const all: Posting[] = spends.length ? [] : lines;
    const held = this.scratch.holds;
    // A hold may be spent by several spends of one transaction: each is checked against their running total.
    for (let i = 0; i < spends.length; i++) {
      const s = spends[i]!;
      let total = s.amount;
      for (let j = 0; j < i; j++) if (spends[j]!.hold === s.hold) total += spends[j]!.amount;
      const h = this.requireHold(s.hold, total);
      held[i] = h;
      if (s.amount) {
        const line: Posting = { owner: h.owner, type: h.type, asset: h.asset, frozen: -s.amount };
        if (s.billType) line.billType = s.billType;
        all.push(line);
      }
    }
    if (all !== lines) for (let i = 0; i < lines.length; i++) all.push(lines[i]!);
    const accounts = this.resolve(all, guard);
    this.applyResolved(all, accounts, meta);
    for (let i = 0; i < spends.length; i++) {
      const s = spends[i]!;
      let first = true;
      for (let j = 0; j < i && first; j++) if (spends[j]!.hold === s.hold) first = false;
      if (!first) continue;
      let total = s.amount;
      for (let j = i + 1; j < spends.length; j++) if (spends[j]!.hold === s.hold) total += spends[j]!.amount;
      this.shrink(held[i]!, total);
    }
    for (let i = 0; i < spends.length; i++) held[i] = undefined;
  }

  /**
   * The checks of `check`, line by line in order (so an account may dip below zero in no prefix of the lines), on
   * the accounts' balances as the lines leave them. Answers the distinct accounts the lines touch (the first line
   * of each in `line`, which `applyResolved` sets to those balances). It works in arrays the engine keeps, not a Map
   * per transaction: a trade's ten lines touch at most ten accounts, and comparing them costs less than hashing
   * (the core decides one transaction at a time, and nothing here calls out before it returns).
   */
  private resolve(lines: readonly Posting[], guard: boolean): number {
    const a = this.scratch;
    let accounts = 0;
    let assets = 0;
    for (let i = 0; i < lines.length; i++) {
      const p = lines[i]!;
      if ((p.owner === null) !== isPlatformAccount(p.type))
        throw new Error(`account type ${p.type} and owner ${p.owner} do not go together`);
      const available = p.available ?? 0n;
      const frozen = p.frozen ?? 0n;
      let k = 0;
      while (k < assets && a.assets[k] !== p.asset) k++;
      if (k === assets) {
        a.assets[assets] = p.asset;
        a.sums[assets++] = 0n;
      }
      // Bigint sums allocate: a zero adds nothing (most lines move only available, or only held).
      if (available) a.sums[k] = a.sums[k]! + available;
      if (frozen) a.sums[k] = a.sums[k]! + frozen;
      let slot = 0;
      for (; slot < accounts; slot++) {
        const q = a.line[slot]!;
        if (q.owner === p.owner && q.type === p.type && q.asset === p.asset) break;
      }
      if (slot === accounts) {
        const account = this.account(p.owner, p.type, p.asset);
        const b = account.balance;
        a.line[slot] = p;
        a.account[slot] = account;
        a.balance[slot] = b;
        a.available[slot] = b ? b.available : 0n;
        a.held[slot] = b ? b.held : 0n;
        accounts++;
      }
      if (available) a.available[slot] = a.available[slot]! + available;
      if (frozen) a.held[slot] = a.held[slot]! + frozen;
      // Only a line that takes can leave its account below zero: the balances start at zero or above (but for the
      // types that may go negative), and each line's result was checked as it came.
      const after = a.available[slot]!;
      if ((available < 0n && after < 0n) || (frozen < 0n && a.held[slot]! < 0n))
        if (!mayGoNegative(p.type)) fail('insufficientBalance');
      if (guard && available < 0n && p.type === ACCOUNT.contract && p.owner !== null && this.contractReserve) {
        const reserve = this.contractReserve(p.owner, p.asset);
        if (after < reserve) reserved(after - available, reserve, p.asset);
      }
    }
    for (let k = 0; k < assets; k++)
      if (a.sums[k] !== 0n) throw new Error(`unbalanced ledger transaction: ${a.assets[k]} is off by ${a.sums[k]}`);
    return accounts;
  }

  /** Sets the accounts `resolve` answered to the balances it computed, and records the transaction. */
  private applyResolved(lines: Posting[], accounts: number, meta: PostingMeta): void {
    const a = this.scratch;
    for (let slot = 0; slot < accounts; slot++) {
      const account = a.account[slot]!;
      const b = a.balance[slot] ?? this.balances.open(account);
      b.available = a.available[slot]!;
      b.held = a.held[slot]!;
      this.touch(account, a.line[slot]!);
      a.balance[slot] = undefined;
    }
    for (let i = 0; i < lines.length; i++) {
      const p = lines[i]!;
      if (p.type === ACCOUNT.contract && p.owner !== null && (p.available ?? 0n) < 0n)
        this.contractChanged?.(p.owner, p.asset);
    }
    this.record(lines, meta);
  }

  /**
   * Sets `amount` of an account aside under `id`. One line on one account: checked and moved here directly. A
   * user's own hold is guarded (it may not dip into the contract reserve, and its id is new); a product's internal
   * one (`guard: false`, a position's margin growing) may add to an existing hold.
   */
  hold(
    name: HoldId,
    owner: number,
    type: AccountType,
    asset: string,
    amount: bigint,
    meta: PostingMeta,
    { guard = true, grow = false } = {},
  ): Hold {
    const id = holdKey(name);
    const existing = this.holds.get(id);
    if (existing && !grow) throw new Error(`hold ${holdName(id)} exists already`);
    if (amount <= 0n) throw new Error(`hold ${holdName(id)} of ${amount}`);
    if (isPlatformAccount(type)) throw new Error(`account type ${type} and owner ${owner} do not go together`);
    const account = this.account(owner, type, asset);
    const b = account.balance;
    if (!b || b.available < amount) fail('insufficientBalance');
    if (guard && type === ACCOUNT.contract && this.contractReserve) {
      const reserve = this.contractReserve(owner, asset);
      if (b.available - amount < reserve) reserved(b.available, reserve, asset);
    }
    b.available -= amount;
    b.held += amount;
    if (type === ACCOUNT.contract) this.contractChanged?.(owner, asset);
    const line: Posting = { owner, type, asset, available: -amount, frozen: amount };
    this.touch(account, line);
    this.record([line], meta);
    if (existing) {
      existing.amount += amount;
      return existing;
    }
    const h: Hold = { id, owner, type, asset, amount };
    this.holds.add(h);
    return h;
  }

  /**
   * Moves part of one hold into another on the same account (an order's margin becoming its position's): the
   * account's held balance does not change, so nothing is recorded; the parts' rows say which hold owns what.
   */
  moveHold(from: HoldId, to: HoldId, amount: bigint): void {
    if (amount === 0n) return;
    const h = this.requireHold(from, amount);
    const target = this.holds.get(to);
    if (target && (target.owner !== h.owner || target.type !== h.type || target.asset !== h.asset))
      throw new Error(`holds ${holdName(from)} and ${holdName(to)} are on different accounts`);
    this.shrink(h, amount);
    if (target) target.amount += amount;
    else this.holds.add({ id: holdKey(to), owner: h.owner, type: h.type, asset: h.asset, amount });
  }

  /** Takes a hold over as the tables show it, at load: its amount is already in the account's held balance. */
  adopt(h: Hold): void {
    if (this.holds.has(h.id)) throw new Error(`hold ${holdName(h.id)} exists already`);
    this.holds.add({ ...h, id: holdKey(h.id) });
  }

  hasHold(id: HoldId): boolean {
    return this.holds.has(id);
  }

  heldBy(id: HoldId): bigint {
    return this.holds.get(id)?.amount ?? 0n;
  }

  /** Gives what a hold still sets aside (or `amount` of it) back to its account's available balance. */
  release(id: HoldId, meta: PostingMeta, amount?: bigint): bigint {
    const h = this.requireHold(id, amount ?? 0n);
    const back = amount ?? h.amount;
    if (back === 0n) {
      this.holds.delete(id);
      return 0n;
    }
    this.apply([{ owner: h.owner, type: h.type, asset: h.asset, frozen: -back, available: back }], meta);
    this.shrink(h, back);
    return back;
  }

  /** Takes the facts decided since the last call (and forgets which accounts they changed). */
  takeFacts(): LedgerFact[] {
    const f = this.facts;
    this.facts = [];
    this.changed.clear();
    this.round++;
    return f;
  }

  /**
   * The accounts changed since the last call (or `takeFacts`), each once, in the order they first changed, with a
   * line that names it: a batch's balance announcements, coalesced per account (server/core/core.ts).
   */
  takeChanged(): Map<string, Posting> {
    const c = this.changed;
    this.changed = new Map();
    this.round++;
    return c;
  }

  private requireHold(id: HoldId, amount: bigint): Hold {
    const h = this.holds.get(id);
    if (!h) throw new Error(`no hold ${holdName(id)}`);
    if (amount < 0n || amount > h.amount) throw new Error(`hold ${holdName(id)} holds ${h.amount}, not ${amount}`);
    return h;
  }

  private shrink(h: Hold, amount: bigint): void {
    h.amount -= amount;
    if (h.amount === 0n) this.holds.delete(h.id);
  }

  /** An account's key and balance, from the engine's table of the accounts it has met. */
  private account(owner: number | null, type: AccountType, asset: string): AccountSlot {
    let byAsset = this.keys.get(asset);
    if (!byAsset) this.keys.set(asset, (byAsset = new Map()));
    // Account types are below 1,024 (server/ledger/account-types.ts), owners safe integers well below 2^43.
    const n = (owner ?? 0) * 1024 + type;
    let slot = byAsset.get(n);
    if (slot === undefined)
      byAsset.set(n, (slot = { key: accountKey(owner, type, asset), balance: undefined, version: -1, noted: -1 }));
    const version = this.balances.version;
    if (slot.version !== version) {
      slot.balance = this.balances.get(slot.key);
      slot.version = version;
    }
    return slot;
  }

  private touch(account: AccountSlot, line: Posting): void {
    if (!this.recording || account.noted === this.round) return;
    account.noted = this.round;
    this.changed.set(account.key, line);
  }

  private apply(lines: Posting[], meta: PostingMeta): void {
    for (const p of lines) {
      const account = this.account(p.owner, p.type, p.asset);
      const b = account.balance ?? this.balances.open(account);
      this.touch(account, p);
      b.available += p.available ?? 0n;
      b.held += p.frozen ?? 0n;
      if (p.type === ACCOUNT.contract && p.owner !== null && (p.available ?? 0n) < 0n)
        this.contractChanged?.(p.owner, p.asset);
    }
    this.record(lines, meta);
  }

  private record(lines: Posting[], meta: PostingMeta): void {
    if (this.recording)
      this.facts.push({
        lines,
        billType: meta.billType,
        refType: meta.refType,
        refId: String(meta.refId),
        at: this.now,
      });
  }
}
