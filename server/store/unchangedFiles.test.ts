// Which files git's index shows unchanged, on the start's thread for a large site and in line for a
// small one: the same answer either way, checked against what git itself shows changed.
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, symlink, writeFile, appendFile, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitStore } from './gitStore.ts';

let root: string;
let store: GitStore;
const git = (...args: string[]) => execFileSync('git', args, { cwd: store.dir, encoding: 'utf8' });
const rels = Array.from({ length: 40 }, (_, i) => `content/news/${i + 1}.md`);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cms-unchanged-'));
  const starter = path.join(root, 'starter');
  await mkdir(path.join(starter, 'content/news'), { recursive: true });
  await mkdir(path.join(starter, 'media'), { recursive: true });
  for (const rel of rels) await writeFile(path.join(starter, rel), `---\ntitle: Item ${rel}\n---\n`);
  ({ store } = await GitStore.open(path.join(root, 'site'), {
    starter: { content: path.join(starter, 'content'), media: path.join(starter, 'media') },
  }));
  // Files written in the same clock tick as the index are "racily clean" and count as changed (as
  // for git). Past that tick git writes the index afresh and records every file's stat data again,
  // so every untouched file is clean for certain.
  await new Promise((go) => setTimeout(go, 50));
  git('read-tree', 'HEAD');
  git('update-index', '-q', '--refresh');
  await new Promise((go) => setTimeout(go, 50));
  // Hand edits while the server was down: a file changed in place, one removed, one made a link.
  await appendFile(path.join(store.dir, rels[3]!), 'Edited by hand.\n');
  await unlink(path.join(store.dir, rels[7]!));
  await unlink(path.join(store.dir, rels[9]!));
  await symlink('/etc/passwd', path.join(store.dir, rels[9]!));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('unchanged files at start', () => {
  it('gives each unchanged file the blob id git recorded, on a thread as in line', async () => {
    const bulk = store.bulkRead();
    const asked = [...rels, 'content/news/not-there.md'];
    const inLine = await bulk.unchangedOf(asked, { threadFrom: Infinity });
    const onAThread = await store.bulkRead().unchangedOf(asked, { threadFrom: 1 });
    expect(new Map(onAThread)).toEqual(inLine);
    // The start's thread helps once its other work is done: whichever thread claims the files, the
    // answer is the same (here this thread at once, or the worker while this one waits).
    const helpedAtOnce = await store
      .bulkRead()
      .unchangedOf(asked, { threadFrom: 1, helpAfter: Promise.resolve() });
    const later = new Promise((go) => setTimeout(go, 1500));
    const helpedLate = await store.bulkRead().unchangedOf(asked, { threadFrom: 1, helpAfter: later });
    expect(new Map(helpedAtOnce)).toEqual(inLine);
    expect(new Map(helpedLate)).toEqual(inLine);
    // What git shows changed is exactly what is missing.
    const changed = git('status', '--porcelain')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.slice(3));
    expect(changed.sort()).toEqual([rels[3], rels[7], rels[9]].sort());
    expect([...inLine.keys()].sort()).toEqual(rels.filter((r) => !changed.includes(r)).sort());
    for (const [rel, blob] of inLine) expect(blob).toBe(git('rev-parse', `HEAD:${rel}`).trim());
  });
});
