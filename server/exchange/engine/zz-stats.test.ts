import fc from 'fast-check';
import { it } from 'vitest';
import { createEngine } from './engine.ts';
import { templates, Resolver } from './engine.properties.test.ts';
import type { EngineEvent } from './types.ts';
it('stats', () => {
  for (const [name, prices, len, n] of [['narrow', { min: 97, max: 103 }, 80, 1500], ['wide', { min: 80, max: 120 }, 400, 150]] as const) {
    const counts: Record<string, number> = {};
    let cmds = 0; let maxBook = 0; let sizes = 0;
    for (const tps of fc.sample(templates(prices, len), n)) {
      const e = createEngine({ marketId: 'x' }); const r = new Resolver();
      for (const tp of tps) {
        const out: EngineEvent[] = []; const c = r.resolve(tp, e.restingOrders()); e.apply(c, out); cmds++;
        const k0 = c.type + (c.type === 'place' ? `:${c.kind}:${c.tif}` : '');
        counts['cmd ' + k0] = (counts['cmd ' + k0] ?? 0) + 1;
        for (const ev of out) { const k = ev.type + (ev.type === 'done' || ev.type === 'rejected' ? ':' + ev.reason : ''); counts[k] = (counts[k] ?? 0) + 1; }
        if (c.type === 'move' && out.some((x) => x.type === 'trade')) counts['move that traded'] = (counts['move that traded'] ?? 0) + 1;
        if (out.some((x) => x.type === 'done' && x.quoteSpent !== undefined && x.reason === 'market_exhausted' && x.remaining > 0 && out.some((t) => t.type === 'trade'))) counts['budget stop after trades'] = (counts['budget stop after trades'] ?? 0) + 1;
        maxBook = Math.max(maxBook, e.size); sizes += e.size;
      }
    }
    console.log(name, 'commands', cmds, 'max book', maxBook, 'avg book', (sizes / cmds).toFixed(1));
    console.log(Object.entries(counts).sort().map(([k, v]) => `${k}=${v}`).join('  '));
  }
});
