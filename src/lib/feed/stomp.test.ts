import { afterEach, describe, expect, it } from 'vitest';
import { PLATFORM_GLOBAL } from '../../../isomorphic/contract/platform.ts';
import { stompClient, stompUrl } from './stomp.ts';

const setPlatform = (config: Record<string, unknown> | undefined) =>
  ((globalThis as Record<string, unknown>)[PLATFORM_GLOBAL] = config);

describe('the browser’s STOMP client', () => {
  afterEach(() => setPlatform(undefined));

  it('connects to the embedded socket on the API’s origin by default, or to the URL the platform config names', () => {
    setPlatform({ apiBase: 'https://api.example' });
    expect(stompUrl()).toBe('wss://api.example/ws/stomp');
    setPlatform({ apiBase: 'http://127.0.0.1:4321', stompUrl: '/broker/ws' });
    expect(stompUrl()).toBe('ws://127.0.0.1:4321/broker/ws');
    setPlatform({ apiBase: 'https://api.example', stompUrl: 'wss://broker.example/ws' });
    expect(stompUrl()).toBe('wss://broker.example/ws');
  });

  it('logs in with the user id and the token, on STOMP 1.2 with 5 s heart-beats', () => {
    setPlatform({ stompUrl: 'ws://127.0.0.1:15674/ws' });
    const client = stompClient({ userId: 42, token: 'tok' });
    expect(client.brokerURL).toBe('ws://127.0.0.1:15674/ws');
    expect(client.connectHeaders).toEqual({ login: '42', passcode: 'tok' });
    expect(client.stompVersions.protocolVersions()).toEqual(['v12.stomp']);
    expect([client.heartbeatIncoming, client.heartbeatOutgoing, client.reconnectDelay]).toEqual([5000, 5000, 3000]);
  });
});
