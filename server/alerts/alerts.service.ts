import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  CHANGE_PERCENT_RANGE,
  MAX_ACTIVE_ALERTS,
  type alertListQuery,
  type createAlertBody,
  type PriceAlert,
} from '../../isomorphic/contract/alerts.ts';
import type { Locale } from '../../isomorphic/i18n/locales.ts';
import { formatUnits, parseUnits } from '../../isomorphic/money/units.ts';
import type { Bus } from '../bus/bus.ts';
import type { Clock } from '../clock/clock.ts';
import { userTopics } from '../feeds/topics.ts';
import { translatorFor } from '../i18n/i18n.ts';
import type { MarketData } from '../market-data/market-data.ts';
import type { Sender } from '../notify/sender.ts';
import { fail } from '../outcome.ts';
import type { Market } from '../spot/market.ts';
import type { SpotMarkets } from '../spot/markets.ts';
import { positiveUnits } from '../spot/order-checks.ts';
import type { FeatureContext } from '../feature.ts';
import type { Db } from '../storage/db.ts';
import { findUserBy } from '../user/user.repo.ts';
import * as repo from './alerts.repo.ts';
import { changeBps, firingValue, reached, watchesPrice, type MarketView } from './crossing.ts';

/** What the alerts service works with (a slice of the feature context). */
export interface AlertsDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  markets: SpotMarkets;
  marketData: MarketData;
  sender: Sender;
  /** Whether an e-mail transport is configured (SMTP_URL): without one no alert mail is queued. */
  mails: boolean;
  log: FastifyBaseLogger;
}

/** The feature context's part the alerts use. */
export function alertsDeps(ctx: FeatureContext): AlertsDeps {
  return {
    db: ctx.db,
    clock: ctx.clock,
    bus: ctx.bus,
    markets: ctx.markets,
    marketData: ctx.marketData,
    sender: ctx.sender,
    mails: Boolean(ctx.config.smtpUrl),
    log: ctx.app.log,
  };
}

/** A 24 h change has two decimals of a percent: basis points. */
const PERCENT_SCALE = 2;

/** A market as the watcher and the form's checks see it now: last price, 24 h change and the latest trades. */
function viewOf(d: AlertsDeps, m: Market): MarketView {
  const t = d.marketData.ticker(m.symbol, d.clock.now());
  return {
    last: t.close,
    changeBps: changeBps(t.open, t.close),
    trades: d.marketData.recentTrades(m.symbol),
  };
}

/** A signed percentage with at most two decimals as basis points ("-3.5" → -350n), inside the allowed range. */
function percentTarget(text: string): bigint {
  const negative = text.startsWith('-');
  const parsed = parseUnits(negative ? text.slice(1) : text, PERCENT_SCALE, 10n ** 9n);
  if (!parsed.ok) {
    if (parsed.problem === 'precision') fail('tooPrecise', { field: 'alerts.field.percent', decimals: 2 });
    fail('invalidNumber', { field: 'alerts.field.percent' });
  }
  const bps = negative ? -parsed.value : parsed.value;
  const min = BigInt(Math.round(CHANGE_PERCENT_RANGE.min * 100));
  const max = BigInt(Math.round(CHANGE_PERCENT_RANGE.max * 100));
  if (bps < min || bps > max)
    fail('alertChangeRange', { min: CHANGE_PERCENT_RANGE.min, max: CHANGE_PERCENT_RANGE.max });
  return bps;
}

/** A value of an alert as text: a price at the market's decimals, a change as a percentage with two. */
function valueText(m: Market, kind: PriceAlert['kind'], v: bigint): string {
  return watchesPrice(kind) ? formatUnits(v, m.priceScale) : formatUnits(v, PERCENT_SCALE);
}

const marketName = (m: Market) => `${m.base}/${m.quote}`;

function toView(m: Market, a: repo.AlertRow): PriceAlert {
  return {
    id: a.id,
    symbol: a.symbol,
    market: marketName(m),
    kind: a.kind,
    target: valueText(m, a.kind, a.target),
    note: a.note,
    state: a.state,
    startValue: valueText(m, a.kind, a.startValue),
    createdAt: a.createdAt,
    firedAt: a.firedAt,
    firedValue: a.firedValue === null ? null : valueText(m, a.kind, a.firedValue),
  };
}

/** A market the alerts may watch: a listed, active spot market (quoted instruments and contracts are not offered). */
function spotMarket(markets: SpotMarkets, symbol: string): Market {
  const m = markets.get(symbol);
  if (!m || m.market !== 'spot') fail('unknownMarket');
  if (m.status !== 'active') fail('marketClosed');
  return m;
}

/**
 * POST /api/alerts/create. A price target is positive and on the market's tick; a change target within the range.
 * An alert whose target the market has already reached is refused rather than fired at once, as Binance's app asks
 * for a "rises to" price above the last price: what it waits for must still be ahead of it, which is also what
 * makes its first value past the target a crossing (server/alerts/crossing.ts). At most MAX_ACTIVE_ALERTS active.
 */
export async function createAlert(
  d: AlertsDeps,
  userId: number,
  locale: Locale,
  body: z.output<typeof createAlertBody>,
): Promise<PriceAlert> {
  const m = spotMarket(d.markets, body.symbol);
  let target: bigint;
  if (watchesPrice(body.kind)) {
    target = positiveUnits(body.target, m.priceScale, 'alerts.field.price');
    if (target % m.tick !== 0n) fail('offTick');
  } else target = percentTarget(body.target);
  const view = viewOf(d, m);
  const start = watchesPrice(body.kind) ? view.last : view.changeBps;
  if (reached(body.kind, start, target))
    fail('alertAlreadyReached', {
      current: valueText(m, body.kind, start),
      target: valueText(m, body.kind, target),
    });
  const row = await d.db.tx(async (q) => {
    if ((await repo.activeCount(q, userId)) >= MAX_ACTIVE_ALERTS) fail('alertLimit', { max: MAX_ACTIVE_ALERTS });
    return repo.insertAlert(q, {
      userId,
      symbol: m.symbol,
      kind: body.kind,
      target,
      note: body.note ?? '',
      locale,
      startValue: start,
      fromTrade: view.trades.at(-1)?.id ?? 0,
      createdAt: d.clock.now(),
    });
  });
  return toView(m, row);
}

/** GET /api/alerts/list: the caller's own alerts only. */
export async function listAlerts(
  d: AlertsDeps,
  userId: number,
  query: z.output<typeof alertListQuery>,
): Promise<PriceAlert[]> {
  const rows = await repo.userAlerts(d.db, userId, query.state, query.size);
  return rows.flatMap((a) => {
    const m = d.markets.get(a.symbol);
    return m ? [toView(m, a)] : [];
  });
}

/** POST /api/alerts/delete: one of the caller's own; another user's alert is as unknown as a missing one. */
export async function removeAlert(d: AlertsDeps, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteAlert(d.db, userId, id))) fail('alertNotFound');
}

/**
 * One round of the watcher (the `alerts.check` job beside the core): every active alert against its market's view,
 * each crossing claimed in the table and only then announced, so an alert fires once however many processes run
 * this (the claim is a conditional UPDATE) and whether or not the process stopped between the crossing and the
 * check: a trade after the alert's `fromTrade` that reached its target fires it on the first round after a start.
 * Answers how many alerts fired.
 */
export async function checkAlerts(d: AlertsDeps): Promise<number> {
  const views = new Map<string, MarketView>();
  let fired = 0;
  for (const a of await repo.activeAlerts(d.db)) {
    const m = d.markets.get(a.symbol);
    if (!m) continue;
    let view = views.get(m.symbol);
    if (!view) views.set(m.symbol, (view = viewOf(d, m)));
    const value = firingValue(a, view);
    if (value === undefined) continue;
    const at = d.clock.now();
    if (!(await repo.claimFired(d.db, a.id, at, value))) continue;
    fired++;
    const shown = toView(m, { ...a, state: 'fired', firedAt: at, firedValue: value });
    d.bus.publish(userTopics.alert(a.userId), shown);
    // The claim is what fires it; a mail that cannot be queued is logged, never a reason to fire it again.
    if (d.mails)
      await mailAlert(d, a.userId, a.locale, shown).catch((err: unknown) =>
        d.log.warn({ err, alertId: a.id }, 'price alert e-mail not queued'),
      );
  }
  return fired;
}

/** How an alert reads in a sentence: "BTC/USDT rises to 100000.00". */
export function describeKey(kind: PriceAlert['kind']): string {
  return `alerts.describe.${kind}`;
}

/** The e-mail of a fired alert, in the language it was set in, to the user's bound address (none without one). */
async function mailAlert(d: AlertsDeps, userId: number, locale: Locale, a: PriceAlert): Promise<void> {
  const user = await findUserBy(d.db, 'id', userId);
  if (!user?.email) return;
  const t = translatorFor(locale);
  const alert = t(describeKey(a.kind), { market: a.market, target: a.target });
  const value = watchesPrice(a.kind) ? a.firedValue : `${a.firedValue}%`;
  const lines = [
    t('mail.alertBody', { alert, value, time: new Date(a.firedAt!).toISOString() }),
    ...(a.note ? [t('mail.alertNote', { note: a.note })] : []),
  ];
  await d.sender.send({
    channel: 'email',
    target: user.email,
    subject: t('mail.alertSubject', { alert }),
    body: lines.join('\n\n'),
    t,
  });
}
