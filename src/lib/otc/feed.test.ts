import { describe, expect, it } from 'vitest';
import { refreshTopics } from './feed.ts';

describe('the OTC refresh topics', () => {
  it('are the user’s own, and for a merchant also the merchant topic (docs/requirements.md §6)', () => {
    expect(refreshTopics({ id: 42, is_merchant: 1, merchant: null })).toEqual(['/topic/user.42.refresh']);
    expect(refreshTopics({ id: 42, is_merchant: 2, merchant: null })).toEqual([
      '/topic/user.42.refresh',
      '/topic/merchant.42.refresh',
    ]);
    expect(refreshTopics({ id: 42, is_merchant: 2, merchant: { id: 7 } })).toEqual([
      '/topic/user.42.refresh',
      '/topic/merchant.7.refresh',
    ]);
  });
});
