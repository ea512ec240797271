// path → commits map. isomorphic-git's log({ filepath }) walks every commit on every call, so the
// map is built once (lazily) by diffing each commit's tree against its parent, then extended by
// each save; commits made outside the CMS (git pull, hand commits) are walked in on the next call.
import fs from 'node:fs';
import git from 'isomorphic-git';

export interface CommitInfo {
  oid: string;
  author: { name: string; email: string };
  date: string;
  message: string;
}

export class PathHistory {
  private byPath = new Map<string, string[]>(); // newest last
  private commits = new Map<string, CommitInfo>();
  private builtFor: string | null = null;
  private built = false;

  constructor(private readonly dir: string, private readonly cache: object) {}

  recordCommit(parent: string | null, info: CommitInfo, paths: string[]) {
    if (!this.built || this.builtFor !== parent) return; // the next read catches up by walking
    this.add(info, paths);
    this.builtFor = info.oid;
  }

  async forPath(path: string, head: string | null): Promise<CommitInfo[]> {
    if (head !== this.builtFor || !this.built) await this.catchUp(head);
    return (this.byPath.get(path) ?? []).map((oid) => this.commits.get(oid)!).reverse();
  }

  private add(info: CommitInfo, paths: string[]) {
    this.commits.set(info.oid, info);
    for (const p of paths) {
      const list = this.byPath.get(p);
      if (list) list.push(info.oid);
      else this.byPath.set(p, [info.oid]);
    }
  }

  private async catchUp(head: string | null) {
    if (!head) {
      this.byPath.clear();
      this.commits.clear();
      this.builtFor = null;
      this.built = true;
      return;
    }
    // Walk back from head to the commit the map was built for; if it is not an ancestor, rebuild.
    const newer: { oid: string; tree: string; parent: string | null; info: CommitInfo }[] = [];
    let oid: string | null = head;
    let reachedKnown = false;
    while (oid) {
      if (this.built && oid === this.builtFor) {
        reachedKnown = true;
        break;
      }
      const { commit } = await git.readCommit({ fs, dir: this.dir, oid, cache: this.cache });
      newer.push({
        oid, tree: commit.tree, parent: commit.parent[0] ?? null,
        info: {
          oid,
          author: { name: commit.author.name, email: commit.author.email },
          date: new Date(commit.author.timestamp * 1000).toISOString(),
          message: commit.message.trim(),
        },
      });
      oid = commit.parent[0] ?? null;
    }
    if (!reachedKnown) {
      this.byPath.clear();
      this.commits.clear();
    }
    for (const c of newer.reverse()) {
      const parentTree = c.parent ? (await git.readCommit({ fs, dir: this.dir, oid: c.parent, cache: this.cache })).commit.tree : null;
      const paths: string[] = [];
      await this.diffTrees(parentTree, c.tree, '', paths);
      this.add(c.info, paths);
    }
    this.builtFor = head;
    this.built = true;
  }

  private async diffTrees(a: string | null, b: string | null, prefix: string, out: string[]) {
    if (a === b) return;
    const read = async (oid: string | null) =>
      oid ? new Map((await git.readTree({ fs, dir: this.dir, oid, cache: this.cache })).tree.map((e) => [e.path, e])) : new Map();
    const [ea, eb] = await Promise.all([read(a), read(b)]);
    for (const name of new Set([...ea.keys(), ...eb.keys()])) {
      const x = ea.get(name);
      const y = eb.get(name);
      if (x?.oid === y?.oid) continue;
      const full = prefix ? `${prefix}/${name}` : name;
      const xTree = x?.type === 'tree' ? x.oid : null;
      const yTree = y?.type === 'tree' ? y.oid : null;
      if (xTree || yTree) await this.diffTrees(xTree, yTree, full, out);
      if ((x && x.type !== 'tree') || (y && y.type !== 'tree')) out.push(full);
    }
  }
}
