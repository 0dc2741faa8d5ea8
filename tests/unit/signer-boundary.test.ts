/**
 * The signer's boundary (issue 28; docs/products/chain.md, "Keys"), checked on resolved paths:
 * 1. server/chain/signer/keys.ts, the only code that reads the private key, is imported from server/chain/signer alone
 *    (tests aside, which sign as the signer does);
 * 2. nothing server/chain/signer reaches, directly or through what it imports, is in server/core or server/ledger:
 *    the signer writes chain_payouts and chain_sweeps rows and talks to the chain; balances move in the core only.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '../../server/ledger/account-types.ts';
import { CHAIN_GAS_ACCOUNT } from '../../server/chain/signer/signer.repo.ts';

const root = join(dirname(new URL(import.meta.url).pathname), '../..');
const KEYS = 'server/chain/signer/keys.ts';
const SIGNER = 'server/chain/signer/';

function importsOf(file: string): string[] {
  return ts
    .preProcessFile(readFileSync(join(root, file), 'utf8'), true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => posix.normalize(posix.join(posix.dirname(file), spec)));
}

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|mjs|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file reaches through relative imports, itself excluded. */
function reach(start: string): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length) {
    for (const next of importsOf(todo.pop()!)) {
      if (seen.has(next) || !existsSync(join(root, next))) continue;
      seen.add(next);
      if (/\.tsx?$/.test(next)) todo.push(next);
    }
  }
  return seen;
}

describe('the signer boundary', () => {
  const product = ['server', 'isomorphic', 'src', 'scripts'].flatMap(sources).filter((f) => !/\.test\.tsx?$/.test(f));

  it('only server/chain/signer imports the key module', () => {
    const importers = product.filter((f) => importsOf(f).includes(KEYS));
    expect(importers.length).toBeGreaterThan(0);
    expect(importers.filter((f) => !f.startsWith(SIGNER))).toEqual([]);
  });

  it('the signer reaches neither the trading core nor the ledger', () => {
    const signer = product.filter((f) => f.startsWith(SIGNER));
    expect(signer).toContain(KEYS);
    const offenders = signer.flatMap((f) =>
      [...reach(f)].filter((m) => /^server\/(core|ledger)\//.test(m)).map((m) => `${f} -> ${m}`),
    );
    expect(offenders).toEqual([]);
  });

  it('reads the gas budget from the ledger account the core books gas to', () => {
    expect(CHAIN_GAS_ACCOUNT).toBe(ACCOUNT.chainGas);
  });
});
