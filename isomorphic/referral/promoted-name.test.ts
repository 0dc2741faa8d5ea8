import { describe, expect, it } from 'vitest';
import { promotedName } from './promoted-name.ts';

describe('a promoted user as the referrer sees them', () => {
  it('masks e-mail and phone as docs/requirements.md §9 says, and an account name in its middle however short', () => {
    expect(promotedName({ email: 'johndoe@example.com', username: 'john' })).toBe('jo****om');
    expect(promotedName({ phone: '13812345678' })).toBe('138****5678');
    expect(promotedName({ username: 'alice_w' })).toBe('al****_w');
    expect(promotedName({ username: 'bob' })).toBe('b****b');
    expect(promotedName({ username: 'ab' })).toBe('a****');
    expect(promotedName({ username: null })).toBe('****');
  });
});
