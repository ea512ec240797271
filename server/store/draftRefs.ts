// Drafts as refs of the site repository, outside the branch list: `refs/drafts/<id>` points at the
// draft's last commit, whose history starts on the `main` commit the draft began from. A save into a
// draft writes its blobs, the trees along its paths and one commit, then moves the draft's ref by
// compare-and-swap under the ref's lock file — the work tree, git's index and `main` are never
// touched, so a maintainer's `git log refs/drafts/<id>` and `git diff main...refs/drafts/<id>` show
// the draft as any branch.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { checkRepoPath } from './paths.ts';
import { TreeWriter } from './treeObjects.ts';
import { ObjectBatch } from './looseObjects.ts';
import { type Author, formatCommit } from './commitObject.ts';
import { readRef, updateRef } from './refs.ts';
import type { TreeReader } from './treeReader.ts';
import { type CommitResult, type FileChange, isDiskFile } from './fileChange.ts';
import { isDraftId } from '../schema/draftPaths.ts';

export const DRAFT_REFS = 'refs/drafts/';
/** Drafts whose folder trees are kept in memory between saves (each a few folders' entries). */
const KEEP_WRITERS = 32;

export { isDraftId } from '../schema/draftPaths.ts';

export class DraftRefs {
  private readonly writers = new Map<string, TreeWriter>();
  constructor(
    private readonly gitdir: string,
    /** The repository's trees, parsed once (the live branch's writer reads through it too). */
    private readonly trees: TreeReader,
  ) {}

  private refOf(id: string): string {
    if (!isDraftId(id)) throw new Error(`Not a draft id: ${id}`);
    return `${DRAFT_REFS}${id}`;
  }

  /** The draft's last commit, or null when there is no such draft ref. */
  async tip(id: string): Promise<string | null> {
    const state = await readRef(this.gitdir, this.refOf(id));
    return state.kind === 'oid' ? state.oid : null;
  }

  /** Every draft ref's id. */
  async ids(): Promise<string[]> {
    const entries = await readdir(path.join(this.gitdir, DRAFT_REFS)).catch(() => [] as string[]);
    return entries.filter(isDraftId);
  }

  /** Starts a draft on `base` (the live branch's commit now). */
  async create(id: string, base: string, who: Author): Promise<void> {
    await updateRef(this.gitdir, {
      ref: this.refOf(id),
      expected: null,
      next: base,
      who,
      message: 'draft: start',
    });
  }

  /** Removes the draft's ref (discarded, or published: `main`'s merge commit then holds its commits). */
  async remove(id: string, who: Author): Promise<void> {
    const tip = await this.tip(id);
    if (tip === null) return;
    await updateRef(this.gitdir, {
      ref: this.refOf(id),
      expected: tip,
      next: null,
      who,
      message: 'draft: end',
    });
    this.writers.delete(id);
    this.changed.delete(id);
  }

  /**
   * One commit on the draft: its changes laid over the draft's last commit. Refused with
   * BranchMovedError when the draft moved since `expected` (the caller read the draft at it).
   */
  async commit(
    id: string,
    expected: string,
    changes: FileChange[],
    author: Author,
    message: string,
    base?: string,
  ): Promise<CommitResult> {
    const batch = new ObjectBatch(this.gitdir);
    const blobs = new Map<string, string | null>();
    for (const change of changes) {
      const rel = checkRepoPath(change.path);
      if (isDiskFile(change)) blobs.set(rel, batch.addFile(change.blob, change.file, change.size));
      else blobs.set(rel, change.data === null ? null : batch.add('blob', Buffer.from(change.data)));
    }
    // The draft's tree is its base's with all its changes laid over: built from the base's trees,
    // which most drafts share (parsed once, patched in a copy), not from the draft's own 10,000-entry
    // folder trees. Without the changes at hand, from the draft's last commit.
    const sofar = base ? this.known(id, base, expected) : undefined;
    const tree = sofar
      ? await this.writerOf(`base:${base}`).apply(
          await this.trees.rootOf(base!),
          new Map([...sofar, ...blobs]),
          batch,
        )
      : await this.writerOf(id).apply(await this.trees.rootOf(expected), blobs, batch);
    const oid = batch.add(
      'commit',
      formatCommit({ tree, parent: expected, author, date: new Date(Date.now()), message }),
    );
    // Everything the ref will point at is on disk before it moves.
    await batch.done();
    await updateRef(this.gitdir, {
      ref: this.refOf(id),
      expected,
      next: oid,
      who: author,
      message: `commit: ${message}`,
    });
    const result = { oid, parent: expected, paths: [...blobs.keys()], blobs };
    if (base) await this.derive(id, base, expected, result);
    return result;
  }

  /**
   * What the draft `id` changed since its base: path → blob id at the draft's commit `tip` (null:
   * removed). Comparing the two commits' trees parses the draft's own large folder trees (tens of
   * ms at 10,000 items), so each draft's answer is kept for its latest commit and carried forward
   * by its commits.
   */
  async changes(id: string, base: string, tip: string): Promise<Map<string, string | null>> {
    const known = this.known(id, base, tip);
    if (known) return new Map(known);
    const out = new Map<string, string | null>();
    if (base !== tip)
      for (const rel of await this.trees.changedPaths(base, tip)) out.set(rel, await this.blob(tip, rel));
    this.changed.set(id, { base, tip, changes: out });
    return new Map(out);
  }

  /**
   * Each draft's changes at its latest commit known here: one entry per draft (a few paths each),
   * so that the churn of many open drafts never pushes out the one being saved into.
   */
  private readonly changed = new Map<
    string,
    { base: string; tip: string; changes: Map<string, string | null> }
  >();

  private known(id: string, base: string, tip: string): Map<string, string | null> | undefined {
    const entry = this.changed.get(id);
    return entry?.base === base && entry.tip === tip ? entry.changes : undefined;
  }

  /** After a commit on a draft: its changes since `base` are its parent's with the commit's files laid over. */
  private async derive(id: string, base: string, parent: string, commit: CommitResult): Promise<void> {
    const before = this.known(id, base, parent);
    if (!before) return;
    const next = new Map(before);
    for (const [rel, blob] of commit.blobs) {
      if (blob === (await this.blob(base, rel))) next.delete(rel);
      else next.set(rel, blob);
    }
    this.changed.set(id, { base, tip: commit.oid, changes: next });
  }

  /** A file's blob id at a commit, or null where it does not exist. */
  blob(commit: string, rel: string): Promise<string | null> {
    return this.trees.blobAt(commit, rel);
  }

  /** A blob's bytes by its id. */
  bytes(oid: string): Promise<Buffer> {
    return this.trees.blobBytes(oid);
  }

  private writerOf(id: string): TreeWriter {
    let writer = this.writers.get(id);
    if (writer) {
      this.writers.delete(id);
    } else {
      writer = new TreeWriter(this.trees);
      if (this.writers.size >= KEEP_WRITERS) this.writers.delete(this.writers.keys().next().value!);
    }
    this.writers.set(id, writer);
    return writer;
  }
}
