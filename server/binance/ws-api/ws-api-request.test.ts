import { describe, expect, it } from 'vitest';
import { readRequest, signedQuery } from './ws-api-request.ts';

describe('WebSocket API requests', () => {
  it('signs the parameters sorted by name, the signature left out', () => {
    expect(signedQuery({ timestamp: '2', apiKey: 'k', recvWindow: '5000', signature: 's' })).toBe(
      'apiKey=k&recvWindow=5000&timestamp=2&signature=s',
    );
    expect(signedQuery({ timestamp: '2', apiKey: 'k' })).toBe('apiKey=k&timestamp=2');
  });

  it('reads numbers as the strings they are signed as, and refuses what could not be signed', () => {
    expect(readRequest('{"id":7,"method":"ping","params":{"timestamp":1700000000000}}').request).toEqual({
      id: 7,
      method: 'ping',
      params: { timestamp: '1700000000000' },
    });
    expect(readRequest('{"id":"a","method":"x","params":{"apiKey":"a&b=c"}}').error?.code).toBe(-1100);
    expect(readRequest('{"id":"a","method":"x","params":{"apiKey":{"k":1}}}').error?.code).toBe(-1100);
    expect(readRequest('not json')).toMatchObject({ id: null, error: { code: -1000 } });
    expect(readRequest('{"id":"a"}')).toMatchObject({ id: 'a', error: { code: -1102 } });
    expect(readRequest(`{"id":"${'x'.repeat(37)}","method":"ping"}`).id).toBeNull();
  });
});
