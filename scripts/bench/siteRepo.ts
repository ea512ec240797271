// The save benchmark's site repository: 10,000 news items and 1,000 commits, built with git fast-import.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Author } from '../../server/store/gitStore.ts';
import { newsFile, newsItem, rng } from './fixtures.ts';

export const ITEMS = 10_000;
export const COMMITS = 1_000;
export const AUTHOR: Author = { name: 'Bench Editor', email: 'editor@example.org' };
export const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: AUTHOR.name,
  GIT_AUTHOR_EMAIL: AUTHOR.email,
  GIT_COMMITTER_NAME: AUTHOR.name,
  GIT_COMMITTER_EMAIL: AUTHOR.email,
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: '/nonexistent', // no user or system config changes what git does
};

export const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', maxBuffer: 256 * 2 ** 20 });

export const itemPath = (id: number) => `content/news/${id}.md`;

/** The git CLI's save of the same change (the saves' anchor): write, `git add`, `git commit`; its ms. */
export function cliSave(dir: string, rel: string, content: string, message: string): number {
  const t = performance.now();
  writeFileSync(path.join(dir, rel), content);
  execFileSync('git', ['add', rel], { cwd: dir, env: GIT_ENV, stdio: 'ignore' });
  execFileSync('git', ['commit', '-q', '-m', message], { cwd: dir, env: GIT_ENV, stdio: 'ignore' });
  return performance.now() - t;
}

/** Builds the fast-import stream: the initial commit with every item, then small history commits. */
function fastImportStream(): { stream: Buffer; historyOf1: number } {
  const parts: Buffer[] = [];
  const put = (s: string | Buffer) => parts.push(typeof s === 'string' ? Buffer.from(s) : s);
  const data = (content: string | Buffer) => {
    const b = typeof content === 'string' ? Buffer.from(content) : content;
    put(`data ${b.length}\n`);
    put(b);
    put('\n');
  };
  const editors = [
    'Ana Ortiz <ana@example.org>',
    'Ben Okafor <ben@example.org>',
    'Chen Wei <chen@example.org>',
  ];
  const start = Date.UTC(2022, 0, 3, 9) / 1000;
  const revision = new Map<number, number>();
  const r = rng(2024);
  let historyOf1 = 0;
  for (let c = 0; c < COMMITS; c++) {
    const who = editors[c % editors.length]!;
    const when = `${start + c * 3600 * 7} +0000`;
    let changed: number[];
    if (c === 0) changed = Array.from({ length: ITEMS }, (_, i) => i + 1);
    else {
      const n = 1 + Math.floor(r() * 3);
      changed = [...new Set(Array.from({ length: n }, () => 1 + Math.floor(r() * ITEMS)))];
      if (c % 50 === 0 && !changed.includes(1)) changed.push(1); // item 1 gets a real history
    }
    const first = changed[0]!;
    const message =
      c === 0
        ? 'Import the news archive'
        : `news: update ${first} "${newsItem(first, (revision.get(first) ?? 0) + 1).title}"${changed.length > 1 ? ` and ${changed.length - 1} more` : ''}`;
    put(`commit refs/heads/main\nauthor ${who} ${when}\ncommitter ${who} ${when}\n`);
    data(message);
    for (const id of changed) {
      const rev = c === 0 ? 0 : (revision.get(id) ?? 0) + 1;
      revision.set(id, rev);
      if (id === 1) historyOf1++;
      put(`M 100644 inline ${itemPath(id)}\n`);
      data(newsFile(id, rev));
    }
    put('\n');
  }
  return { stream: Buffer.concat(parts), historyOf1 };
}

export function buildRepository(dir: string) {
  execFileSync('git', ['init', '-q', '-b', 'main', dir], { env: GIT_ENV });
  const { stream, historyOf1 } = fastImportStream();
  execFileSync('git', ['fast-import', '--quiet'], {
    cwd: dir,
    env: GIT_ENV,
    input: stream,
    maxBuffer: 64 * 2 ** 20,
  });
  git(dir, 'reset', '-q', '--hard', 'main'); // work tree and index now match HEAD
  return { streamBytes: stream.length, historyOf1 };
}
