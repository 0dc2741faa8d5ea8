import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { DEFAULT_LOCALE, LOCALES, localeOfPath, stripLocale } from '../../isomorphic/i18n/locales.ts';
import { arrivedAt, expect, test } from './fixtures.ts';
import { createAccount, uniqueName } from './support.ts';

const SCREENS = 'tests/.artifacts/screens';
const dictionary = (locale: string) =>
  JSON.parse(readFileSync(`isomorphic/i18n/messages/core/${locale}.json`, 'utf8')) as Record<string, string>;

/** The visible text of a page's <main>, as separate text pieces (element boundaries split them). */
function mainText(html: string): string[] {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return main
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
    .split(/<[^>]+>/)
    .map((s) =>
      s.replace(/&(#x?[0-9a-f]+|\w+);/gi, (m, e: string) =>
        e[0] === '#'
          ? String.fromCodePoint(parseInt(e.slice(e[1] === 'x' ? 2 : 1), e[1] === 'x' ? 16 : 10))
          : (entities[e] ?? m),
      ),
    )
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * Prose in Latin letters: two words of three letters or more ("Buy BTC" is a name and a ticker, "Trading rules" is
 * prose).
 */
const isProse = (s: string) =>
  (s.match(/\b[A-Za-z]{3,}\b/g) ?? []).filter(
    (w) => !/^(USDT|BTC|ETH|BNB|Lumex|KYC|SWIFT|UTC|DeFi|OTC|QR|SMS|ID)$/.test(w),
  ).length >= 2;

/** Each non-English script should show its own letters on its pages. */
const SCRIPT: Partial<Record<string, RegExp>> = {
  'zh-CN': /[\u4e00-\u9fff]/,
  'zh-TW': /[\u4e00-\u9fff]/,
  ja: /[\u3040-\u30ff]/,
  ko: /[\uac00-\ud7af]/,
  th: /[\u0e00-\u0e7f]/,
  ru: /[\u0400-\u04ff]/,
};

test.describe('the sitemap', () => {
  test('lists every page in every language, each answering, filled and translated', async ({ request, baseURL }) => {
    test.setTimeout(300_000);
    const xml = await (await request.get('/sitemap.xml')).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(urls.length).toBeGreaterThanOrEqual(39 * LOCALES.length);
    expect(xml.match(/hreflang="x-default"/g)).toHaveLength(urls.length);
    const paths = new Set(urls.map(stripLocale));
    for (const path of paths)
      for (const locale of LOCALES)
        expect(urls, `${path} in ${locale}`).toContain(locale === DEFAULT_LOCALE ? path : `/${locale}${path}`);
    expect((await request.get('/robots.txt')).ok()).toBe(true);

    const english = new Map<string, string[]>();
    const problems: string[] = [];
    for (const url of [...urls].sort((a, b) => Number(localeOfPath(a) !== 'en') - Number(localeOfPath(b) !== 'en'))) {
      const res = await request.get(url, { maxRedirects: 0 });
      if (res.status() !== 200) {
        problems.push(`${url}: HTTP ${res.status()}`);
        continue;
      }
      const html = await res.text();
      const locale = localeOfPath(url);
      const text = mainText(html);
      if (!html.includes(`<html lang="${locale}"`)) problems.push(`${url}: <html lang> is not ${locale}`);
      if (text.length < 3 || text.join('').length < 30) problems.push(`${url}: main is (nearly) empty`);
      if (locale === DEFAULT_LOCALE) {
        english.set(url, text);
        continue;
      }
      const en = new Set(english.get(stripLocale(url)) ?? []);
      const leftovers = text.filter((s) => isProse(s) && en.has(s));
      if (leftovers.length)
        problems.push(`${url}: English left untranslated: ${JSON.stringify(leftovers.slice(0, 3))}`);
      if (SCRIPT[locale] && !SCRIPT[locale]!.test(text.join(' ')))
        problems.push(`${url}: no ${locale} script in the text`);
    }
    expect(problems, `checked ${urls.length} pages on ${baseURL}`).toEqual([]);
  });

  test('comes with a search index per language', async ({ request }) => {
    for (const locale of LOCALES) {
      const docs = (await (
        await request.get(locale === 'en' ? '/search-index.json' : `/${locale}/search-index.json`)
      ).json()) as Array<{ kind: string; title: string }>;
      expect(new Set(docs.map((d) => d.kind))).toEqual(
        new Set(['news', 'notice', 'rule', 'article', 'terms', 'whitepaper']),
      );
    }
  });
});

test.describe('news and announcements', () => {
  test('lists news with load more, searches, and opens an item', async ({ page }) => {
    await page.goto('/news/index');
    const items = page.locator('.news-board .doc-list__item');
    await expect(items).toHaveCount(4);
    await expect(page.locator('.news-board__count')).toHaveText('Shown: 4 of 6');
    await page.screenshot({ path: `${SCREENS}/content-news-en.png`, fullPage: true });
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(items).toHaveCount(6);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    const search = page.getByRole('searchbox', { name: 'Search news and announcements' });
    await search.fill('liquidation');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Trading in fast markets');
    await search.fill('zebra crossing');
    await expect(page.locator('.empty-note')).toHaveText('Nothing matches your search. Try other words.');
    await search.fill('safety');
    await items.first().getByRole('link').click();
    await arrivedAt(page, /\/news\/detail\/2$/);
    await expect(page.locator('h1')).toHaveText('How the asset-safety fund protects your balance');
    await expect(page.locator('.prose-content')).toContainText('10% of the fee is set aside');
    await page.screenshot({ path: `${SCREENS}/content-news-detail-en.png`, fullPage: true });
  });

  test('shows announcements as a second tab, with their own pages and a way back', async ({ page }) => {
    await page.goto('/de/news/index');
    await page.getByRole('tab', { name: 'Ankündigungen' }).click();
    await expect(page).toHaveURL(/\/de\/news\/index\?tab=notice$/);
    const items = page.locator('.news-board .doc-list__item');
    await expect(items).toHaveCount(4);
    await expect(items.first()).toContainText('Systemwartung');
    await page.screenshot({ path: `${SCREENS}/content-notices-de.png`, fullPage: true });
    await items.first().getByRole('link').click();
    await arrivedAt(page, /\/de\/news\/notice\/1$/);
    await expect(page.locator('h1')).toHaveText('Geplante Systemwartung am 24. November 2026');
    await page.getByRole('link', { name: '← Zurück zu den Ankündigungen' }).click();
    await arrivedAt(page, /\/de\/news\/index\?tab=notice$/);
    await expect(page.getByRole('tab', { name: 'Ankündigungen' })).toHaveAttribute('aria-selected', 'true');
  });

  test('shows what an operator publishes at once, in English where no translation exists', async ({
    page,
    request,
  }) => {
    const token = await operatorToken(request);
    const title = `Listing ${uniqueName('n')}`;
    const res = await request.post('/api/content/publish', {
      headers: { authorization: token },
      data: {
        kind: 'news',
        translations: {
          en: { title, summary: 'A new market opens today.', content: '## Market\n\nTrading starts at **10:00 UTC**.' },
        },
      },
    });
    const body = await res.json();
    expect(body.code).toBe(200);

    await page.goto('/fr/news/index');
    const item = page.locator('.news-board .doc-list__item', { hasText: title });
    await expect(item).toBeVisible();
    await item.getByRole('link').click();
    await arrivedAt(page, new RegExp(`/fr/news/index\\?tab=news&id=${body.data.id}$`));
    await expect(page.locator('.reader__title')).toHaveText(title);
    await expect(page.locator('.reader strong')).toHaveText('10:00 UTC');
    await expect(page.locator('.reader .content-note')).toContainText('pas encore traduite');
  });
});

test.describe('rules', () => {
  test('shows the four rules as tabs', async ({ page }) => {
    await page.goto('/rule/index');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Second contract', 'Spot', 'U-margined contract', 'Power loan']);
    await expect(page.locator('#second-contract')).toBeVisible();
    await expect(page.locator('#spot')).toBeHidden();
    await page.getByRole('tab', { name: 'Spot' }).click();
    await expect(page).toHaveURL(/\/rule\/index#spot$/);
    await expect(page.locator('#spot')).toBeVisible();
    await expect(page.locator('#spot > h2')).toHaveText('Spot trading rules');
    await expect(page.locator('#second-contract')).toBeHidden();
    await page.getByRole('tab', { name: 'Spot' }).press('ArrowRight');
    await expect(page.locator('#u-contract')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'U-margined contract' })).toBeFocused();

    await page.goto('/ru/rule/index#loan');
    await expect(page.locator('#loan')).toBeVisible();
    await expect(page.locator('#loan > h2')).toHaveText('Правила займа Power');
    await page.screenshot({ path: `${SCREENS}/content-rules-ru.png`, fullPage: true });
  });
});

test.describe('the help centre', () => {
  test('builds the breadcrumb of an article from All down the category tree', async ({ page }) => {
    await page.goto('/article/main/content/help/111');
    const crumbs = page.getByRole('navigation', { name: 'You are here' }).locator('li');
    await expect(crumbs).toHaveText(['All', 'Trading', 'Contracts', 'What is a second contract?']);
    await page.screenshot({ path: `${SCREENS}/content-article-en.png`, fullPage: true });
    await crumbs.getByRole('link', { name: 'Contracts' }).click();
    await arrivedAt(page, /\/article\/main\/sections\/31$/);
    await expect(page.locator('h1')).toHaveText('Contracts');
    await expect(page.locator('.content-main .doc-list__title')).toHaveText([
      'What is a second contract?',
      'Margin, leverage and liquidation',
    ]);
    await page.getByRole('navigation', { name: 'You are here' }).getByRole('link', { name: 'Trading' }).click();
    await arrivedAt(page, /\/article\/main\/categories\/3$/);
    await expect(page.locator('.help-section h3')).toHaveText(['Spot trading', 'Contracts']);
    await page.getByRole('navigation', { name: 'You are here' }).getByRole('link', { name: 'All' }).click();
    await arrivedAt(page, /\/article\/main\/index$/);
    await expect(page.locator('.help-card h3')).toHaveText(['Getting started', 'Deposits and withdrawals', 'Trading']);
    await page.screenshot({ path: `${SCREENS}/content-help-en.png`, fullPage: true });

    await page.goto('/ko/article/main/content/help/105');
    await expect(page.getByRole('navigation', { name: '현재 위치' }).locator('a')).toHaveText([
      '전체',
      '입금과 출금',
      '입금',
    ]);
    await page.screenshot({ path: `${SCREENS}/content-article-ko.png`, fullPage: true });
  });

  test('a language change on an article page returns to the article index; elsewhere it keeps the page', async ({
    page,
  }) => {
    for (const path of [
      '/article/main/content/help/107',
      '/article/main/sections/20',
      '/article/main/categories/2',
      '/article/main/content/terms/1',
    ]) {
      await page.goto(path);
      await page.locator('.lang-picker summary').click();
      await page.locator('.lang-picker a[hreflang="ja"]').click();
      await arrivedAt(page, /\/ja\/article\/main\/index$/);
      await expect(page.locator('h1')).toHaveText('ヘルプセンター');
    }
    await page.goto('/news/detail/3');
    await page.locator('.lang-picker summary').click();
    await page.locator('.lang-picker a[hreflang="es"]').click();
    await arrivedAt(page, /\/es\/news\/detail\/3$/);
  });

  test('searches everything in the visitor’s language, without the API', async ({ page }) => {
    await page.route('**/api/**', (route) => route.abort());
    await page.goto('/article/main/index');
    await page.getByRole('searchbox', { name: 'Search the help centre' }).fill('withdraw fee');
    const results = page.locator('.search-results .doc-list__title');
    await expect(results.first()).toBeVisible();
    await expect(results).toContainText(['Withdrawal fees and processing times']);
    await page.screenshot({ path: `${SCREENS}/content-search-en.png`, fullPage: true });
    await results.filter({ hasText: 'Withdrawal fees and processing times' }).click();
    await arrivedAt(page, /\/article\/main\/content\/help\/108$/);

    await page.goto('/zh-CN/article/main/index?q=%E5%85%85%E5%80%BC');
    await expect(page.getByRole('searchbox')).toHaveValue('充值');
    await expect(page.locator('.search-results .doc-list__title').first()).toHaveText('如何充值数字货币');
    await page.screenshot({ path: `${SCREENS}/content-search-zh-CN.png`, fullPage: true });
  });

  test('renders the terms of service and the white paper', async ({ page }) => {
    await page.goto('/article/main/content/whitepaper/1');
    await expect(page.locator('h1')).toHaveText('Lumex white paper');
    await expect(page.locator('.prose-content h2')).toHaveCount(7);
    await page.goto('/th/article/main/content/terms/1');
    await expect(page.locator('h1')).toHaveText('ข้อกำหนดการให้บริการ');
    await page.screenshot({ path: `${SCREENS}/content-terms-th.png`, fullPage: true });
  });
});

test.describe('white paper and customer service without configured links (docs/requirements.md §8)', () => {
  for (const locale of ['en', 'de'] as const) {
    test(`the white paper warns, customer service is the in-platform chat (login first) in ${locale}`, async ({
      page,
    }) => {
      const t = dictionary(locale);
      const prefix = locale === 'en' ? '' : `/${locale}`;
      await page.goto(`${prefix}/article/main/index`);
      await page.locator('header nav').getByRole('button', { name: t['nav.whitePaper'], exact: true }).click();
      await expect(page.locator('.toast')).toHaveText(t['support.noWhitePaper']!);
      await page.screenshot({ path: `${SCREENS}/content-support-${locale}.png` });
      await page.locator('.toast').click();
      // With no link configured, getCustomerService offers the platform's own chat, which needs login
      // (docs/requirements.md §6).
      await page
        .getByRole('button', {
          name: JSON.parse(readFileSync(`isomorphic/i18n/messages/content/${locale}.json`, 'utf8'))[
            'content.support.contact'
          ],
        })
        .click();
      await expect(page).toHaveURL(
        new RegExp(`${prefix}/user/login\\?redirect=${encodeURIComponent(`${prefix}/article/main/index`)}$`),
      );
    });
  }
});

/** A fresh account promoted to operator, as the operator console will do, and its session token. */
async function operatorToken(request: APIRequestContext): Promise<string> {
  const username = uniqueName('ops');
  await createAccount(request, username);
  const db = new DatabaseSync(join(E2E_DATA_DIR, 'lumex.db'));
  try {
    db.prepare("UPDATE users SET role = 'operator' WHERE username = ?").run(username);
  } finally {
    db.close();
  }
  const login = await (
    await request.post('/api/user/login', { data: { type: 'account', username, password: 'abc123' } })
  ).json();
  return login.data.token as string;
}
