import type { Posting } from '../../ledger/ledger.ts';
import type { RiskEngine, Spend } from './risk-engine.ts';

/** One party's part of a settlement: the lines it receives and pays, and what it spends from its holds. */
export interface SettlementPart {
  lines: Posting[];
  spends: Spend[];
}

/**
 * How a product risks funds (docs/architecture.md, "The trading core"): before matching it holds what a position may
 * spend, after it settles each fill or outcome, and when the position ends it releases what its hold still sets
 * aside. Spot orders are one rule; second contracts, perpetual positions and margin orders bring their own,
 * with their own state, without touching spot's. Every method works on the risk engine's balances and holds,
 * and refuses (a domain failure) before it changes anything.
 */
export interface RiskRule<Position, Outcome> {
  readonly name: string;
  hold(risk: RiskEngine, position: Position): void;
  /** Its part of a settlement; the caller posts the parts of every party as one ledger transaction. */
  settle(risk: RiskEngine, position: Position, outcome: Outcome): SettlementPart;
  release(risk: RiskEngine, position: Position): void;
}
