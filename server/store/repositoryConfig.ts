// A new site repository's settings, as the git command line would write them on this system.
import fs from 'node:fs';
import git from 'isomorphic-git';

/**
 * The repository's core settings as `git init` on this system writes them: isomorphic-git assumes a
 * file system that ignores case and keeps no file modes, so git on Linux would then miss a rename that
 * changes only case and a file made executable. Set once, at creation; a maintainer's own settings on
 * an existing repository are theirs.
 */
export async function setCoreAsGitCli(dir: string): Promise<void> {
  const caseless = process.platform === 'darwin' || process.platform === 'win32';
  await git.setConfig({ fs, dir, path: 'core.ignorecase', value: caseless });
  await git.setConfig({ fs, dir, path: 'core.filemode', value: process.platform !== 'win32' });
  await git.setConfig({ fs, dir, path: 'core.symlinks', value: process.platform !== 'win32' });
}
