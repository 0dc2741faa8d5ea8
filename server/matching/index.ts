/** The matching engine's public surface: one pure engine per market, its commands, events and queries. */
export { MatchingEngine, createEngine } from './engine.ts';
export type * from './types.ts';
export { DONE_REASONS, REJECT_REASONS } from './types.ts';
