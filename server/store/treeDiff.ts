// The files that differ between two commits, found by walking their trees side by side and skipping
// every subtree whose id is the same in both (a pull that changed three items reads three folders).
import fs from 'node:fs';
import git from 'isomorphic-git';

type Entry = { path: string; oid: string; type: string };

async function entries(dir: string, cache: object, oid: string | null): Promise<Map<string, Entry>> {
  if (!oid) return new Map();
  const { tree } = await git.readTree({ fs, dir, oid, cache });
  return new Map(tree.map((e) => [e.path, e]));
}

async function walk(
  dir: string,
  cache: object,
  a: string | null,
  b: string | null,
  prefix: string,
  out: string[],
) {
  const [left, right] = await Promise.all([entries(dir, cache, a), entries(dir, cache, b)]);
  for (const name of new Set([...left.keys(), ...right.keys()])) {
    const l = left.get(name);
    const r = right.get(name);
    if (l && r && l.oid === r.oid) continue;
    const rel = prefix ? `${prefix}/${name}` : name;
    const lTree = l?.type === 'tree' ? l.oid : null;
    const rTree = r?.type === 'tree' ? r.oid : null;
    if (lTree || rTree) await walk(dir, cache, lTree, rTree, rel, out);
    if ((l && l.type !== 'tree') || (r && r.type !== 'tree')) out.push(rel);
  }
}

/** Paths of files added, changed or removed between commits `from` and `to` (null: an empty tree). */
export async function changedPaths(
  dir: string,
  cache: object,
  from: string | null,
  to: string | null,
): Promise<string[]> {
  const treeOf = async (commit: string | null) =>
    commit ? (await git.readCommit({ fs, dir, oid: commit, cache })).commit.tree : null;
  const out: string[] = [];
  await walk(dir, cache, await treeOf(from), await treeOf(to), '', out);
  return out;
}
