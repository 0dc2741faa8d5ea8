import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('keeps recorded prices 2 days unless PRICE_RECORD_DAYS says otherwise, and at least one', () => {
    expect(loadConfig({}).priceRecordDays).toBe(2);
    expect(loadConfig({ PRICE_RECORD_DAYS: '30' }).priceRecordDays).toBe(30);
    expect(() => loadConfig({ PRICE_RECORD_DAYS: '0' })).toThrow(/PRICE_RECORD_DAYS must be at least 1/);
    expect(() => loadConfig({ PRICE_RECORD_DAYS: 'week' })).toThrow(/PRICE_RECORD_DAYS must be a whole number/);
  });

  it('serves the broker auth hook on 127.0.0.1:4391 and points the browser at the embedded STOMP socket unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ brokerAuthHost: '127.0.0.1', brokerAuthPort: 4391, stompUrl: '/ws/stomp' });
    expect(loadConfig({ BROKER_AUTH_HOST: '10.0.0.5', BROKER_AUTH_PORT: '8391', STOMP_URL: 'wss://broker.example/ws' })).toMatchObject({
      brokerAuthHost: '10.0.0.5',
      brokerAuthPort: 8391,
      stompUrl: 'wss://broker.example/ws',
    });
    expect(() => loadConfig({ BROKER_AUTH_PORT: '70000' })).toThrow(/BROKER_AUTH_PORT must be a port/);
    expect(() => loadConfig({ BROKER_AUTH_PORT: '0' })).toThrow(/BROKER_AUTH_PORT must be a port/);
    expect(() => loadConfig({ STOMP_URL: 'http://broker.example/ws' })).toThrow(/STOMP_URL must be/);
    expect(() => loadConfig({ STOMP_URL: '//broker.example/ws' })).toThrow(/STOMP_URL must be/);
  });
});
