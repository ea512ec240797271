// Trees read from git's objects and kept by id (a tree never changes under its id), for reads that
// look at other commits than the branch's: drafts. A draft's view asks "which files differ between
// the draft's base and its last commit, and what did each hold"; answered through isomorphic-git,
// each look-up parses the 10,000-entry news folder again (tens of ms). Here each tree is parsed once.
import fs from 'node:fs';
import git from 'isomorphic-git';
import { parseTree, type RawEntry } from './treeObjects.ts';

const TREE_MODE = '40000';
/** Trees kept (the few large folder trees of a handful of commits, and their small parents). */
const KEEP = 64;

interface Tree {
  entries: RawEntry[];
  byName: Map<string, RawEntry>;
  /** The tree object's content, as git stores it (what a writer patches). */
  bytes: Buffer;
}

export class TreeReader {
  private readonly trees = new Map<string, Tree>();
  private readonly commitTrees = new Map<string, string>();

  constructor(
    private readonly gitdir: string,
    private readonly cache: object,
  ) {}

  /** A tree's entries, parsed once per tree id, and its bytes. */
  async raw(oid: string): Promise<{ entries: RawEntry[]; bytes: Buffer }> {
    return this.tree(oid);
  }

  private async tree(oid: string): Promise<Tree> {
    const hit = this.trees.get(oid);
    if (hit) {
      this.trees.delete(oid);
      this.trees.set(oid, hit);
      return hit;
    }
    const { object } = await git.readObject({
      fs,
      gitdir: this.gitdir,
      oid,
      format: 'content',
      cache: this.cache,
    });
    const bytes = Buffer.from(object as Uint8Array);
    const entries = parseTree(bytes);
    const tree = { entries, bytes, byName: new Map(entries.map((e) => [e.name, e])) };
    if (this.trees.size >= KEEP) this.trees.delete(this.trees.keys().next().value!);
    this.trees.set(oid, tree);
    return tree;
  }

  /** A blob's bytes by its id (blobs are not kept: a draft's images and PDFs can be large). */
  async blobBytes(oid: string): Promise<Buffer> {
    const { blob } = await git.readBlob({ fs, gitdir: this.gitdir, oid, cache: this.cache });
    return Buffer.from(blob);
  }

  /** A commit's root tree id. */
  async rootOf(commit: string): Promise<string> {
    let tree = this.commitTrees.get(commit);
    if (!tree) {
      tree = (await git.readCommit({ fs, gitdir: this.gitdir, oid: commit, cache: this.cache })).commit.tree;
      if (this.commitTrees.size >= KEEP) this.commitTrees.delete(this.commitTrees.keys().next().value!);
      this.commitTrees.set(commit, tree);
    }
    return tree;
  }

  /** The blob id a file has at a commit, or null where there is no such file. */
  async blobAt(commit: string, rel: string): Promise<string | null> {
    let tree = await this.rootOf(commit);
    const parts = rel.split('/');
    for (let i = 0; i < parts.length; i++) {
      const entry = (await this.tree(tree)).byName.get(parts[i]!);
      if (!entry) return null;
      const last = i === parts.length - 1;
      if ((entry.mode === TREE_MODE) === last) return null; // a folder where a file was asked, or the reverse
      tree = entry.oid.toString('hex');
    }
    return tree;
  }

  /** Paths of files added, changed or removed between two commits, skipping subtrees with the same id. */
  async changedPaths(from: string, to: string): Promise<string[]> {
    const out: string[] = [];
    await this.walk(await this.rootOf(from), await this.rootOf(to), '', out);
    return out;
  }

  private async walk(a: string | null, b: string | null, prefix: string, out: string[]): Promise<void> {
    if (a === b) return;
    const left = a ? (await this.tree(a)).byName : new Map<string, RawEntry>();
    const right = b ? (await this.tree(b)).byName : new Map<string, RawEntry>();
    for (const name of new Set([...left.keys(), ...right.keys()])) {
      const l = left.get(name);
      const r = right.get(name);
      if (l && r && l.mode === r.mode && l.oid.equals(r.oid)) continue;
      const rel = prefix ? `${prefix}/${name}` : name;
      const lTree = l?.mode === TREE_MODE ? l.oid.toString('hex') : null;
      const rTree = r?.mode === TREE_MODE ? r.oid.toString('hex') : null;
      if (lTree || rTree) await this.walk(lTree, rTree, rel, out);
      if ((l && l.mode !== TREE_MODE) || (r && r.mode !== TREE_MODE)) out.push(rel);
    }
  }
}
