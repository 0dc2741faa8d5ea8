import { describe, expect, it } from 'vitest';
import { compileDemoToken } from './compile.ts';
import { DEMO_TOKEN_ABI, DEMO_TOKEN_BYTECODE } from './demo-token.artifact.ts';

describe('the demo token', () => {
  it('runs the code its source compiles to (scripts/compile-contracts.ts writes the artifact)', () => {
    const { abi, bytecode } = compileDemoToken();
    expect(DEMO_TOKEN_BYTECODE).toBe(bytecode);
    expect(DEMO_TOKEN_ABI).toEqual(abi);
  });
});
