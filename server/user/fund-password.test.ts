import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { insertTestUser } from '../../tests/support/trading.ts';
import { AppError } from '../outcome.ts';
import { readLock } from './auth-locks.repo.ts';
import { requireFundPassword } from './fund-password.ts';
import { hashPassword } from './password.ts';
import { updateFundPasswordHash } from './user.repo.ts';

/** What each call answered: 'ok', or the name of the error it was refused with. */
const outcomes = (calls: Array<Promise<void>>) =>
  Promise.all(
    calls.map((c) =>
      c.then(
        () => 'ok',
        (e: unknown) => (e instanceof AppError ? e.errorName : String(e)),
      ),
    ),
  );
const tally = (answers: string[]) =>
  Object.fromEntries([...new Set(answers)].map((a) => [a, answers.filter((x) => x === a).length]));

/** The fund password's guess lock counts wrong answers only, however many right ones arrive at once. */
describe.each(FEATURE_DIALECTS)('the fund password on %s', (_name, open) => {
  let t: TestDatabase;
  const users: number[] = [];
  beforeAll(async () => {
    t = await open();
    const hash = await hashPassword('fund123');
    for (let i = 0; i < 3; i++) {
      users.push(await insertTestUser(t.db, `5800000${i}`, `fund_${i}`));
      await updateFundPasswordHash(t.db, users[i]!, hash, 0);
    }
  });
  afterAll(() => t.drop());
  const lockOf = async (user: number) => (await readLock(t.db, `fund:${user}`))!;

  it('accepts 20 right answers sent at once, and counts none of them', async () => {
    expect(
      tally(await outcomes(Array.from({ length: 20 }, () => requireFundPassword(t.db, users[0]!, 'fund123')))),
    ).toEqual({ ok: 20 });
    expect(await lockOf(users[0]!)).toMatchObject({ failures: 0, lockCount: 0, lockedUntil: 0 });
  });

  it('accepts 20 right answers at once after 4 wrong ones, which a right answer forgives', async () => {
    for (let i = 0; i < 4; i++)
      await expect(requireFundPassword(t.db, users[1]!, `wrong${i}`)).rejects.toMatchObject({
        errorName: 'fundPasswordWrong',
      });
    expect((await lockOf(users[1]!)).failures).toBe(4);
    expect(
      tally(await outcomes(Array.from({ length: 20 }, () => requireFundPassword(t.db, users[1]!, 'fund123')))),
    ).toEqual({ ok: 20 });
    expect(await lockOf(users[1]!)).toMatchObject({ failures: 0, lockCount: 0 });
  });

  it('still locks after 5 wrong answers, checking no more than 5 of 12 sent at once', async () => {
    const sent = Array.from({ length: 12 }, (_, i) => requireFundPassword(t.db, users[2]!, `wrong${i}`));
    expect(tally(await outcomes(sent))).toEqual({ fundPasswordWrong: 5, fundPasswordLocked: 7 });
    const lock = await lockOf(users[2]!);
    expect(lock.lockCount).toBe(1);
    // 15 minutes from the lock, as the policy says.
    expect(lock.lockedUntil - lock.windowStart).toBeGreaterThanOrEqual(15 * 60_000);
    // Locked: the right password is refused too, and says for how long.
    await expect(requireFundPassword(t.db, users[2]!, 'fund123')).rejects.toMatchObject({
      errorName: 'fundPasswordLocked',
      params: { minutes: 15 },
    });
  });
});
