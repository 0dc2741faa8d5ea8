import { describe, expect, it } from 'vitest';
import { chainSettings } from './chain-config.ts';

const XPUB =
  'xpub6C9dVkswNcKXFjMoWUqzT7vFpRGhJxtJf64DQ7iy9xXLsZfjKzxxNmDE2tgsdQHmKKxnEwtEmRvgYwkvr6BfYg9oAgaGPQDnrM3StbUShw4';

describe('chain settings', () => {
  it('runs the demo chain by default, and not once a real chain is configured or in production', () => {
    expect(chainSettings({}).demoChain).toBe(true);
    expect(chainSettings({ EVM_RPC_URL_ETHEREUM: 'https://rpc.example/eth' }).demoChain).toBe(false);
    expect(chainSettings({ NODE_ENV: 'production' }).demoChain).toBe(false);
    expect(() => chainSettings({ NODE_ENV: 'production', DEMO_CHAIN: '1' })).toThrow(/production/);
    expect(chainSettings({ DEMO_CHAIN: '0' }).demoChain).toBe(false);
  });

  it('reads each chain key and refuses what is not a URL', () => {
    const s = chainSettings({
      EVM_RPC_URL_ETHEREUM: 'https://rpc.example/eth',
      EVM_RPC_URL_BSC: 'wss://rpc.example/bsc',
    });
    expect(s.rpcUrls).toEqual({ ethereum: 'https://rpc.example/eth', bsc: 'wss://rpc.example/bsc' });
    expect(() => chainSettings({ EVM_RPC_URL_ETHEREUM: 'localhost:8545' })).toThrow(/EVM_RPC_URL_ETHEREUM/);
  });

  it('takes only public keys: an xprv given as EVM_XPUB is refused, not used', () => {
    expect(chainSettings({ EVM_XPUB: XPUB }).evmXpub).toBe(XPUB);
    expect(() => chainSettings({ EVM_XPUB: `xprv${XPUB.slice(4)}` })).toThrow(/private key/);
  });
});
