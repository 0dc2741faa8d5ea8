import { checkSchedule, levelInRates, type FeeLevel, type FeeLevelInBps } from '../../isomorphic/fees/schedule.ts';
import { jsonCommand, tupleCommand, type CommandContext } from '../core/command.ts';
import { fail } from '../outcome.ts';
import { FEES_PART, type FeeBook } from './fee-book.ts';

const bookOf = (ctx: CommandContext) => ctx.part<FeeBook>(FEES_PART);

/** Why a schedule is refused, as a result code. */
export const SCHEDULE_ERRORS = {
  count: 'feeScheduleCount',
  rates: 'feeScheduleRates',
  thresholds: 'feeScheduleThresholds',
} as const;

/**
 * Operators' new fee schedule (docs/products/fees.md); fills from the next command on charge by it. Checked here as
 * well as in the service, so that no journal can hold a schedule the core would not take. A journal written before
 * rates had hundredths of a basis point holds levels in whole bps (`spotMakerBps`, …): they are converted as they
 * are read (levelInRates, exact), so its replay sets the schedule it set then.
 */
export const setSchedule = jsonCommand(
  'fees.setSchedule',
  (ctx, p: { levels: Array<FeeLevel | FeeLevelInBps> }): FeeLevel[] => {
    const levels = p.levels.map(levelInRates);
    const refused = checkSchedule(levels);
    if (refused) fail(SCHEDULE_ERRORS[refused]);
    bookOf(ctx).setSchedule(levels);
    return bookOf(ctx).schedule;
  },
);

/**
 * The daily job's VIP levels for the users whose level changed, as `[userId, level]` pairs. A level the schedule
 * does not have refuses the whole command (the job read the schedule before an operator shortened it; its next
 * run ranks again).
 */
export const setLevels = tupleCommand(
  'fees.setLevels',
  ['levels'],
  (ctx, p: { levels: Array<[number, number]> }): number => {
    const book = bookOf(ctx);
    if (p.levels.some(([, level]) => !Number.isInteger(level) || level < 0 || level >= book.schedule.length))
      fail('feeLevelUnknown');
    for (const [userId, level] of p.levels) book.setLevel(userId, level);
    return p.levels.length;
  },
);

export const FEES_COMMANDS = [setSchedule, setLevels];
