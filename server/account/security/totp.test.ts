import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { checkTotp, newTotpSecret, stepAt, TOTP_PERIOD_MS } from './totp.ts';

const { secret } = newTotpSecret('Lumex', 'alice');
/** The code an authenticator app shows during a step. */
const codeOf = (step: number) => generate({ secret, epoch: (step * TOTP_PERIOD_MS) / 1000 });
const NOW = Date.UTC(2026, 0, 1, 12, 0, 10);
const STEP = stepAt(NOW);

describe('the authenticator window: 6 digits, 30 s, at most one past step', () => {
  it('accepts the current step and the one before, answering which step matched', async () => {
    expect(await checkTotp(secret, await codeOf(STEP), NOW, null)).toEqual({ ok: true, step: STEP });
    expect(await checkTotp(secret, await codeOf(STEP - 1), NOW, null)).toEqual({ ok: true, step: STEP - 1 });
  });

  it('refuses a code two steps old and a code from the next step', async () => {
    expect(await checkTotp(secret, await codeOf(STEP - 2), NOW, null)).toEqual({ ok: false, reason: 'wrong' });
    expect(await checkTotp(secret, await codeOf(STEP + 1), NOW, null)).toEqual({ ok: false, reason: 'wrong' });
  });

  it('holds at the edges of a step: the first and last millisecond', async () => {
    const start = STEP * TOTP_PERIOD_MS;
    expect(await checkTotp(secret, await codeOf(STEP - 1), start, null)).toMatchObject({ ok: true });
    expect(await checkTotp(secret, await codeOf(STEP - 2), start, null)).toMatchObject({ ok: false });
    expect(await checkTotp(secret, await codeOf(STEP - 1), start + TOTP_PERIOD_MS - 1, null)).toMatchObject({
      ok: true,
    });
    expect(await checkTotp(secret, await codeOf(STEP - 1), start + TOTP_PERIOD_MS, null)).toMatchObject({ ok: false });
  });

  it('refuses a code of another secret and text that is not six digits', async () => {
    const other = newTotpSecret('Lumex', 'bob').secret;
    const code = await generate({ secret: other, epoch: NOW / 1000 });
    // One in a million codes of two secrets coincide: compare with the right one first.
    if (code !== (await codeOf(STEP)))
      expect(await checkTotp(secret, code, NOW, null)).toEqual({ ok: false, reason: 'wrong' });
    for (const bad of ['12345', '1234567', 'abcdef', ''])
      expect(await checkTotp(secret, bad, NOW, null)).toEqual({ ok: false, reason: 'wrong' });
  });
});

describe('the replay rule: the last used step is stored, so a code works once', () => {
  it('refuses the code of the last used step and of any step before it', async () => {
    expect(await checkTotp(secret, await codeOf(STEP), NOW, STEP)).toEqual({ ok: false, reason: 'used' });
    expect(await checkTotp(secret, await codeOf(STEP - 1), NOW, STEP)).toEqual({ ok: false, reason: 'used' });
    expect(await checkTotp(secret, await codeOf(STEP - 1), NOW, STEP - 1)).toEqual({ ok: false, reason: 'used' });
  });

  it('takes a newer step after an older one was used, even within the window', async () => {
    expect(await checkTotp(secret, await codeOf(STEP), NOW, STEP - 1)).toEqual({ ok: true, step: STEP });
    expect(await checkTotp(secret, await codeOf(STEP), NOW + TOTP_PERIOD_MS, STEP - 1)).toEqual({
      ok: true,
      step: STEP,
    });
  });

  it('makes a fresh secret each time, with an otpauth URI naming the platform and the account', () => {
    const a = newTotpSecret('Lumex', 'alice');
    const b = newTotpSecret('Lumex', 'alice');
    expect(a.secret).not.toBe(b.secret);
    expect(a.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(a.uri).toBe(`otpauth://totp/Lumex:alice?secret=${a.secret}&issuer=Lumex`);
  });
});
