// The commit a save builds on. A branch ref that is empty, damaged, gone or pointing at a missing
// commit is repaired from its reflog (or packed-refs); if nothing can be found, saving stops rather
// than starting a parentless commit that would hide the branch's history.
import fs from 'node:fs';
import git from 'isomorphic-git';
import { branchHadHistory, packedValue, readBranch, reflogValues, updateBranch } from './refs.ts';
import { RepositoryBrokenError } from './storeErrors.ts';
import { SYSTEM_AUTHOR } from './commitObject.ts';

export interface BranchTip {
  commit: string | null;
  tree: string | null;
}

/** The commit's root tree, or null when the commit or its tree is missing or unreadable. */
async function treeOf(dir: string, oid: string, cache: object): Promise<string | null> {
  try {
    const { commit } = await git.readCommit({ fs, dir, oid, cache });
    await git.readTree({ fs, dir, oid: commit.tree, cache });
    return commit.tree;
  } catch {
    return null;
  }
}

export async function branchTip(
  dir: string,
  gitdir: string,
  branch: string,
  cache: object,
  options: { allowUnborn: boolean; log: (m: string) => void },
): Promise<BranchTip> {
  const state = await readBranch(gitdir, branch);
  if (state.kind === 'oid') {
    const tree = await treeOf(dir, state.oid, cache);
    if (tree) return { commit: state.oid, tree };
  }
  if (state.kind === 'unborn' && !(await branchHadHistory(gitdir, branch))) {
    if (options.allowUnborn) return { commit: null, tree: null };
    throw new RepositoryBrokenError(`the branch "${branch}" has no saved versions`);
  }
  const why =
    state.kind === 'broken'
      ? state.why
      : state.kind === 'oid'
        ? `the branch "${branch}" points at a version that is missing`
        : `the branch "${branch}" has disappeared`;
  const bad = state.kind === 'oid' ? state.oid : null;
  const candidates = [...(await reflogValues(gitdir, branch)), await packedValue(gitdir, branch)];
  for (const candidate of candidates) {
    if (!candidate || candidate === bad) continue;
    const tree = await treeOf(dir, candidate, cache);
    if (!tree) continue;
    await updateBranch(gitdir, {
      branch,
      expected: bad,
      next: candidate,
      replaceBroken: true,
      who: SYSTEM_AUTHOR,
      message: `cms: repair the branch after a crash (${why})`,
    });
    options.log(`Repaired the site repository: ${why}; the branch points again at ${candidate.slice(0, 7)}.`);
    return { commit: candidate, tree };
  }
  throw new RepositoryBrokenError(`${why}, and no earlier version of it could be found`);
}
