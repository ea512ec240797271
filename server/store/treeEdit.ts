// Writes new tree objects for a set of changed paths, rewriting only the trees on those paths.
import fs from 'node:fs';
import git, { type TreeEntry } from 'isomorphic-git';

/** path segments → new blob oid, or null to remove. */
type ChangeNode = Map<string, ChangeNode | string | null>;

export function changeTree(changes: { path: string; oid: string | null }[]): ChangeNode {
  const root: ChangeNode = new Map();
  for (const { path, oid } of changes) {
    const parts = path.split('/');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      let next = node.get(part);
      if (!(next instanceof Map)) {
        next = new Map();
        node.set(part, next);
      }
      node = next;
    }
    node.set(parts[parts.length - 1]!, oid);
  }
  return root;
}

export async function applyTreeChanges(
  ctx: { gitdir: string; cache: object },
  treeOid: string | null,
  changes: ChangeNode,
): Promise<string | null> {
  const entries: TreeEntry[] = treeOid
    ? (await git.readTree({ fs, gitdir: ctx.gitdir, oid: treeOid, cache: ctx.cache })).tree
    : [];
  const byName = new Map(entries.map((e) => [e.path, e]));
  for (const [name, change] of changes) {
    const existing = byName.get(name);
    if (change instanceof Map) {
      const sub = await applyTreeChanges(ctx, existing?.type === 'tree' ? existing.oid : null, change);
      if (sub) byName.set(name, { mode: '040000', path: name, oid: sub, type: 'tree' });
      else byName.delete(name);
    } else if (change === null) {
      byName.delete(name);
    } else {
      byName.set(name, { mode: '100644', path: name, oid: change, type: 'blob' });
    }
  }
  if (byName.size === 0) return null;
  return git.writeTree({ fs, gitdir: ctx.gitdir, tree: [...byName.values()] });
}
