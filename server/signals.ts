/** Closes down on SIGINT or SIGTERM (at most ten seconds), once. */
export function onSignals(close: () => Promise<void>, log: { info(obj: object, msg: string): void }): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      await close();
      process.exit(0);
    });
  }
}
