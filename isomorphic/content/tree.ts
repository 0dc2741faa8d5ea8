/**
 * The help-centre tree of docs/requirements.md §2/§3: categories at pid 0, sections below them, articles below
 * sections. Pure functions over a flat node list, used by the pages (breadcrumbs, listings) and by the API (node
 * paths).
 */
interface TreeNode {
  id: number;
  pid: number;
  sort?: number;
}

const bySort = (a: TreeNode, b: TreeNode) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id;

/** The node and its ancestors, top first: ancestry(nodes, 101) → [category 1, section 10, article 101]. */
export function ancestry<T extends TreeNode>(nodes: readonly T[], id: number): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const chain: T[] = [];
  const seen = new Set<number>();
  for (let node = byId.get(id); node && !seen.has(node.id); node = node.pid === 0 ? undefined : byId.get(node.pid)) {
    seen.add(node.id);
    chain.unshift(node);
  }
  return chain;
}

/** Direct children of pid in display order: childrenOf(nodes, 0) → the categories. */
export function childrenOf<T extends TreeNode>(nodes: readonly T[], pid: number): T[] {
  return nodes.filter((n) => n.pid === pid && n.id !== pid).sort(bySort);
}

/** Every node below pid, depth first in display order (a category, then its sections each with their articles). */
export function descendants<T extends TreeNode>(nodes: readonly T[], pid: number): T[] {
  const out: T[] = [];
  const seen = new Set<number>([pid]);
  const walk = (parent: number) => {
    for (const child of childrenOf(nodes, parent)) {
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      out.push(child);
      walk(child.id);
    }
  };
  walk(pid);
  return out;
}

/**
 * docs/requirements.md §3 path of a node: its ancestors' ids and its own, joined by '/': nodePath(nodes, 101) →
 * '1/10/101'.
 */
export function nodePath(nodes: readonly TreeNode[], id: number): string {
  return ancestry(nodes, id)
    .map((n) => n.id)
    .join('/');
}

export interface Crumb {
  label: string;
  href: string;
}

/**
 * The breadcrumb of docs/requirements.md §2: "All" (the article index), then the node's ancestors, then the node
 * itself. breadcrumb(nodes, 101, { label: 'All', href: '/article/main/index' }, describe) → All › Getting started › …
 */
export function breadcrumb<T extends TreeNode>(
  nodes: readonly T[],
  id: number,
  all: Crumb,
  describe: (node: T) => Crumb,
): Crumb[] {
  return [all, ...ancestry(nodes, id).map(describe)];
}
