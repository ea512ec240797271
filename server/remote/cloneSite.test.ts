// A first start copies the site from its remote (git CLI over file://, the same commands as over
// HTTPS): an empty remote that names no branch gives a repository on main; a remote whose branch is
// master keeps it.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cloneIfMissing } from './cloneSite.ts';
import type { RemoteSettings } from './remoteSettings.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cms-clone-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: 'pipe' }).trim();
const remote = (dir: string): RemoteSettings => ({
  url: pathToFileURL(dir).href,
  credentials: null,
  pullIntervalMs: 0,
  webhookSecret: null,
  role: 'primary',
  primaryUrl: null,
});

it('an empty remote that names no branch gives a site repository on main', async () => {
  const bare = path.join(root, 'empty.git');
  git(root, 'init', '-q', '--bare', '-b', 'trunk', bare);
  git(bare, 'config', 'lsrefs.unborn', 'ignore'); // as a server that does not say where HEAD points
  const site = path.join(root, 'site-from-empty');
  await cloneIfMissing(remote(bare), site, () => undefined);
  expect(git(site, 'symbolic-ref', 'HEAD')).toBe('refs/heads/main');
});

it('a remote whose branch is master gives a site repository on master', async () => {
  const work = path.join(root, 'work');
  git(root, 'init', '-q', '-b', 'master', work);
  git(
    work,
    '-c',
    'user.name=M',
    '-c',
    'user.email=m@example.org',
    'commit',
    '-q',
    '--allow-empty',
    '-m',
    'First',
  );
  const bare = path.join(root, 'on-master.git');
  git(root, 'clone', '-q', '--bare', work, bare);
  const site = path.join(root, 'site-from-master');
  await cloneIfMissing(remote(bare), site, () => undefined);
  expect(git(site, 'symbolic-ref', 'HEAD')).toBe('refs/heads/master');
  expect(git(site, 'log', '--format=%s')).toBe('First');
});
