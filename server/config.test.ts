import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('keeps recorded prices 2 days unless PRICE_RECORD_DAYS says otherwise, and at least one', () => {
    expect(loadConfig({}).priceRecordDays).toBe(2);
    expect(loadConfig({ PRICE_RECORD_DAYS: '30' }).priceRecordDays).toBe(30);
    expect(() => loadConfig({ PRICE_RECORD_DAYS: '0' })).toThrow(/PRICE_RECORD_DAYS must be at least 1/);
    expect(() => loadConfig({ PRICE_RECORD_DAYS: 'week' })).toThrow(/PRICE_RECORD_DAYS must be a whole number/);
  });

  it('opens second contracts on a price confirmed within two sampling periods (2 s) unless SECONDS_PRICE_AGE_MS says otherwise, never over the 3 s a close may look back', () => {
    expect(loadConfig({}).secondsPriceAgeMs).toBe(2_000);
    expect(loadConfig({ SECONDS_PRICE_AGE_MS: '1500' }).secondsPriceAgeMs).toBe(1_500);
    // Two sampling periods when the sampling is slower, still at most 3 s.
    expect(loadConfig({ PRICE_SAMPLE_MS: '500' }).secondsPriceAgeMs).toBe(1_000);
    expect(loadConfig({ PRICE_SAMPLE_MS: '5000' }).secondsPriceAgeMs).toBe(3_000);
    expect(() => loadConfig({ SECONDS_PRICE_AGE_MS: '60000' })).toThrow(/SECONDS_PRICE_AGE_MS must be from 1 to 3000/);
    expect(() => loadConfig({ SECONDS_PRICE_AGE_MS: '0' })).toThrow(/SECONDS_PRICE_AGE_MS must be from 1 to 3000/);
  });

  it('serves the broker auth hook on 127.0.0.1:4391 and points the browser at the embedded STOMP socket unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ brokerAuthHost: '127.0.0.1', brokerAuthPort: 4391, stompUrl: '/ws/stomp' });
    expect(
      loadConfig({ BROKER_AUTH_HOST: '10.0.0.5', BROKER_AUTH_PORT: '8391', STOMP_URL: 'wss://broker.example/ws' }),
    ).toMatchObject({
      brokerAuthHost: '10.0.0.5',
      brokerAuthPort: 8391,
      stompUrl: 'wss://broker.example/ws',
    });
    expect(() => loadConfig({ BROKER_AUTH_PORT: '70000' })).toThrow(/BROKER_AUTH_PORT must be a port/);
    expect(() => loadConfig({ BROKER_AUTH_PORT: '0' })).toThrow(/BROKER_AUTH_PORT must be a port/);
    expect(() => loadConfig({ STOMP_URL: 'http://broker.example/ws' })).toThrow(/STOMP_URL must be/);
    expect(() => loadConfig({ STOMP_URL: '//broker.example/ws' })).toThrow(/STOMP_URL must be/);
  });

  it('runs as one process unless ROLE says core or edge, which need PostgreSQL and RabbitMQ', () => {
    expect(loadConfig({})).toMatchObject({
      role: 'all',
      coreLeaseMs: 3000,
      coreTimeoutMs: 15_000,
      coreConcurrency: 256,
    });
    const cluster = { DATABASE_URL: 'postgres://db/lumex', BROKER_URL: 'amqp://broker' };
    expect(loadConfig({ ...cluster, ROLE: 'core', CORE_LEASE_MS: '5000' })).toMatchObject({
      role: 'core',
      coreLeaseMs: 5000,
    });
    expect(loadConfig({ ...cluster, ROLE: 'edge', DATABASE_SCHEMA: 'lumex_eu' })).toMatchObject({
      role: 'edge',
      databaseSchema: 'lumex_eu',
    });
    expect(() => loadConfig({ ...cluster, ROLE: 'leader' })).toThrow(/ROLE must be one of all, core, edge/);
    expect(() => loadConfig({ BROKER_URL: 'amqp://broker', ROLE: 'core' })).toThrow(
      /ROLE=core needs DATABASE_URL=postgres/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/lumex', ROLE: 'edge' })).toThrow(
      /ROLE=edge needs BROKER_URL/,
    );
    expect(() => loadConfig({ ...cluster, ROLE: 'core', CORE_LEASE_MS: '0' })).toThrow(
      /CORE_LEASE_MS must be at least 1/,
    );
    expect(() => loadConfig({ DATABASE_SCHEMA: 'Robert"; DROP' })).toThrow(/DATABASE_SCHEMA must be/);
  });
});
