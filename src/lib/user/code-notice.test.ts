import { afterEach, describe, expect, it } from 'vitest';
import { PLATFORM_GLOBAL } from '../../../isomorphic/contract/platform.ts';
import { codeNotice } from './code-notice.ts';

const g = globalThis as Record<string, unknown>;

describe('codeNotice', () => {
  afterEach(() => {
    delete g[PLATFORM_GLOBAL];
  });

  it('says "sent" only for a channel whose transport is configured', () => {
    g[PLATFORM_GLOBAL] = { deliversCodes: { email: true, sms: false } };
    expect(codeNotice('email')).toEqual({ kind: 'success', key: 'msg.codeSent' });
    expect(codeNotice('sms')).toEqual({ kind: 'info', key: 'msg.codeInOutbox' });
  });

  it('points to the operator outbox on a default install', () => {
    g[PLATFORM_GLOBAL] = { deliversCodes: { email: false, sms: false } };
    expect(codeNotice('email').key).toBe('msg.codeInOutbox');
  });

  it('does not claim delivery when the config script did not run', () => {
    expect(codeNotice('email').key).toBe('msg.codeInOutbox');
  });
});
