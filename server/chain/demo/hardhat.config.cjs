// The demo chain's node (server/chain/demo/demo-node.ts starts it): Hardhat's network with chain id 31337, a block on
// every transaction and, with DEMO_CHAIN_BLOCK_MS, an empty one every so often, so confirmations keep counting while
// nothing happens. Its cache goes under DEMO_CHAIN_DIR (the install's data folder), never into the repository.
const dir = process.env.DEMO_CHAIN_DIR || require('node:os').tmpdir();
const interval = Number(process.env.DEMO_CHAIN_BLOCK_MS || 0);
module.exports = {
  paths: { root: dir, cache: `${dir}/cache`, artifacts: `${dir}/artifacts`, sources: `${dir}/contracts` },
  networks: {
    hardhat: {
      chainId: 31337,
      mining: interval > 0 ? { auto: true, interval } : { auto: true },
      loggingEnabled: false,
    },
  },
};
