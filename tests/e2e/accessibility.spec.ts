import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { createAccount, signIn, uniqueName } from './support.ts';

/**
 * The screens a trader spends the day on pass axe's WCAG 2.1 A/AA rules with no serious or critical violation
 * (docs/testing.md, "Accessibility"): names for every control, contrast of text, landmarks and headings.
 */
const SCREENS = [
  '/trade/index?type=spot',
  '/trade/index?type=usta',
  '/assets/index?key=overview',
  '/account/wallet/index',
  '/account/center',
  '/finance/investment',
  '/pledge/index',
];

async function violationsOn(context: BrowserContext, path: string): Promise<string[]> {
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  await page.close();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${path} ${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}

test('the trade, wallet, account and earn screens have no serious or critical axe violation', async ({
  page,
  request,
}) => {
  // axe reads every node of a trade screen; on the shared two-core machine one screen takes up to 20 s.
  test.setTimeout(240_000);
  const username = uniqueName('axe');
  await createAccount(request, username);
  await signIn(page, '', { username });
  const pending = [...SCREENS];
  const found: string[] = [];
  const worker = async () => {
    for (let path = pending.shift(); path; path = pending.shift())
      found.push(...(await violationsOn(page.context(), path)));
  };
  await Promise.all([worker(), worker()]);
  expect(found.sort()).toEqual([]);
});
