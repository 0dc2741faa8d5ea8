import { describe, expect, it } from 'vitest';
import { readSigned } from '../../api-keys/signature.ts';
import { readRequest, signedQuery } from './ws-api-request.ts';

describe('WebSocket API requests', () => {
  it('signs the parameters sorted by name, the signature left out', () => {
    expect(signedQuery({ timestamp: '2', apiKey: 'k', recvWindow: '5000', signature: 's' })).toBe(
      'apiKey=k&recvWindow=5000&timestamp=2&signature=s',
    );
    expect(signedQuery({ timestamp: '2', apiKey: 'k' })).toBe('apiKey=k&timestamp=2');
  });

  it("takes an Ed25519 key's base64 signature as sent and hands it to the REST reader unchanged", () => {
    const signature = 'ab+/cd==';
    const read = readRequest(JSON.stringify({ id: 1, method: 'm', params: { apiKey: 'k', timestamp: 2, signature } }));
    expect(read.request?.params.signature).toBe(signature);
    const rest = readSigned(signedQuery(read.request!.params), '');
    expect(rest).toMatchObject({ payload: 'apiKey=k&timestamp=2', signatures: [signature] });
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
