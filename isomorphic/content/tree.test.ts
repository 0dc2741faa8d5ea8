import { describe, expect, it } from 'vitest';
import { ancestry, breadcrumb, childrenOf, descendants, nodePath } from './tree.ts';

const NODES = [
  { id: 2, pid: 0, sort: 2, title: 'Trading' },
  { id: 1, pid: 0, sort: 1, title: 'Getting started' },
  { id: 11, pid: 1, sort: 2, title: 'Deposits' },
  { id: 10, pid: 1, sort: 1, title: 'Account' },
  { id: 20, pid: 2, sort: 1, title: 'Spot' },
  { id: 102, pid: 10, sort: 2, title: 'Verify' },
  { id: 101, pid: 10, sort: 1, title: 'Register' },
  { id: 103, pid: 11, sort: 1, title: 'Deposit crypto' },
];
const ids = (nodes: Array<{ id: number }>) => nodes.map((n) => n.id);

describe('ancestry', () => {
  it.each<[number, number[]]>([
    [101, [1, 10, 101]],
    [10, [1, 10]],
    [1, [1]],
    [999, []],
  ])('%i → %j', (id, expected) => {
    expect(ids(ancestry(NODES, id))).toEqual(expected);
  });

  it('stops on a cycle instead of looping', () => {
    const cyclic = [
      { id: 1, pid: 2 },
      { id: 2, pid: 1 },
    ];
    expect(ids(ancestry(cyclic, 1))).toEqual([2, 1]);
  });

  it('stops at a missing parent', () => {
    expect(ids(ancestry([{ id: 5, pid: 4 }], 5))).toEqual([5]);
  });
});

describe('childrenOf and descendants', () => {
  it('lists categories at pid 0 in sort order', () => {
    expect(ids(childrenOf(NODES, 0))).toEqual([1, 2]);
  });
  it('walks the tree depth first in display order', () => {
    expect(ids(descendants(NODES, 0))).toEqual([1, 10, 101, 102, 11, 103, 2, 20]);
    expect(ids(descendants(NODES, 1))).toEqual([10, 101, 102, 11, 103]);
    expect(ids(descendants(NODES, 103))).toEqual([]);
  });
  it('survives a node that names itself as parent', () => {
    expect(
      ids(
        descendants(
          [
            { id: 3, pid: 3 },
            { id: 4, pid: 0 },
          ],
          0,
        ),
      ),
    ).toEqual([4]);
  });
});

describe('nodePath', () => {
  it.each<[number, string]>([
    [101, '1/10/101'],
    [20, '2/20'],
    [2, '2'],
    [404, ''],
  ])('%i → %j', (id, expected) => {
    expect(nodePath(NODES, id)).toBe(expected);
  });
});

describe('breadcrumb', () => {
  const all = { label: 'All', href: '/article/main/index' };
  const describeNode = (n: (typeof NODES)[number]) => ({ label: n.title, href: `/x/${n.id}` });
  it('starts at All and follows the tree down', () => {
    expect(breadcrumb(NODES, 102, all, describeNode)).toEqual([
      all,
      { label: 'Getting started', href: '/x/1' },
      { label: 'Account', href: '/x/10' },
      { label: 'Verify', href: '/x/102' },
    ]);
  });
  it('is just All for an unknown node', () => {
    expect(breadcrumb(NODES, 5, all, describeNode)).toEqual([all]);
  });
});
