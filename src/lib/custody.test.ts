import { describe, expect, it } from 'vitest';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { custodyOf } from '../../server/site/custody.ts';
import { custodyText } from './custody.ts';

const NO_KEYS = { btcXpub: undefined, tronXpub: undefined };
const tOf = (locale: string) => {
  const d = loadDictionary(locale as 'en');
  return (key: string, params: Record<string, unknown> = {}) =>
    d[key]!.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
};

describe('the home page on custody', () => {
  it('says what the chain settings run, and never claims a cold wallet', () => {
    const real = custodyOf(
      [
        { name: 'Ethereum', demo: false },
        { name: 'BNB Smart Chain', demo: false },
      ],
      { btcXpub: 'xpub…', tronXpub: undefined },
    );
    expect(real).toEqual({ evm: 'hot', chains: ['Ethereum', 'BNB Smart Chain'], ownKeys: ['Bitcoin'] });
    const [hot, own] = custodyText(tOf('en'), 'en', real);
    expect(hot).toContain('Deposits on Ethereum and BNB Smart Chain are swept');
    expect(hot).toContain('There is no offline (cold) wallet.');
    expect(own).toBe("Bitcoin deposits go to addresses of the operator's own key, which this server never holds.");
    expect(custodyText(tOf('zh-CN'), 'zh-CN', real)[0]).toContain('Ethereum和BNB Smart Chain 上的充值');

    const demo = custodyOf([{ name: 'Demo chain', demo: true }], NO_KEYS);
    expect(custodyText(tOf('en'), 'en', demo)).toEqual([tOf('en')('home.custody.demo')]);
    expect(custodyText(tOf('de'), 'de', custodyOf([], NO_KEYS))).toEqual([tOf('de')('home.custody.none')]);
    // Before the platform's config is read: only what holds for every install.
    expect(custodyText(tOf('en'), 'en', null)).toEqual([tOf('en')('home.custody.pending')]);
  });
});
