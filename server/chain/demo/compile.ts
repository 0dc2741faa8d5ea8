import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The demo token compiled from DemoToken.sol with the pinned solc (a devDependency): what
 * scripts/compile-contracts.ts writes to demo-token.artifact.ts, and what its test compares the committed file with,
 * so the bytecode a demo chain runs is always the source's.
 */
export const compileDemoToken = () => compileSolidity(new URL('./DemoToken.sol', import.meta.url), 'DemoToken');

/** One contract of a Solidity file, compiled with the optimizer on (200 runs). */
export function compileSolidity(
  source: URL,
  contract: string,
): { abi: unknown[]; bytecode: `0x${string}`; compiler: string } {
  const file = source.pathname.split('/').at(-1)!;
  const solc = createRequire(import.meta.url)('solc') as {
    compile(input: string): string;
    version(): string;
  };
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: readFileSync(source, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { [contract]: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = out.contracts[file]![contract]!;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, compiler: solc.version() };
}
