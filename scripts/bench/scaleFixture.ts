// The scale benchmark's site repository, built once per item count and kept between runs in the
// system's temporary folder (keyed by the item count and FIXTURE_VERSION: change the version when
// the content or history changes). Built with one `git fast-import` stream: a first commit with the
// starter site, every generated item and media file (scaleContent.ts), then small commits of history
// by three editors, item news/1 in every 50th. Each run copies the kept site to a folder of its own.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config.ts';
import { newsFile, newsItem, rng } from './fixtures.ts';
import { countsFor, itemFiles, mediaFiles, newsHasPicture, type ScaleCounts } from './scaleContent.ts';
import { GIT_ENV, git } from './siteRepo.ts';

const FIXTURE_VERSION = 1;
export const HISTORY_ITEM = 'content/news/1.md';

export interface ScaleFixture extends ScaleCounts {
  /** The kept site repository (copy it before a server writes to it). */
  site: string;
  commits: number;
  historyOfItem: number;
  contentFiles: number;
  buildSeconds: number;
}

/** Every file under a folder of the project (the starter site), as repository paths. */
function starterFiles(top: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(PROJECT_ROOT, rel), { withFileTypes: true })) {
      const p = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(top);
  return out;
}

/** git fast-import on a pipe, written with backpressure (the stream at 100,000 items is ~100 MB). */
function fastImport(dir: string) {
  const child = spawn('git', ['fast-import', '--quiet'], {
    cwd: dir,
    env: GIT_ENV,
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  const done = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`git fast-import exited ${code}`)),
    ),
  );
  const put = async (s: string | Buffer) => {
    if (!child.stdin.write(s)) await new Promise((r) => child.stdin.once('drain', r));
  };
  const file = async (rel: string, bytes: Buffer) => {
    await put(`M 100644 inline ${rel}\ndata ${bytes.length}\n`);
    await put(bytes);
    await put('\n');
  };
  const commit = async (who: string, when: number, message: string) => {
    const m = Buffer.from(message);
    await put(`commit refs/heads/main\nauthor ${who} ${when} +0000\ncommitter ${who} ${when} +0000\n`);
    await put(`data ${m.length}\n`);
    await put(m);
    await put('\n');
  };
  const end = async () => {
    child.stdin.end();
    await done;
  };
  return { file, commit, end };
}

const EDITORS = [
  'Ana Ortiz <ana@example.org>',
  'Ben Okafor <ben@example.org>',
  'Chen Wei <chen@example.org>',
];

async function build(dir: string, c: ScaleCounts, commits: number) {
  execFileSync('git', ['init', '-q', '-b', 'main', dir], { env: GIT_ENV });
  git(dir, 'config', 'gc.auto', '0');
  const fi = fastImport(dir);
  const start = Date.UTC(2016, 0, 4, 9) / 1000;
  await fi.commit(EDITORS[0]!, start, 'Import the site archive');
  let contentFiles = 0;
  for (const rel of [...starterFiles('content'), ...starterFiles('media')]) {
    if (rel.startsWith('content/news/')) continue; // generated news takes its ids
    await fi.file(rel, await readFile(path.join(PROJECT_ROOT, rel)));
    if (rel.startsWith('content/')) contentFiles++;
  }
  for (const f of itemFiles(c)) {
    await fi.file(f.path, f.bytes);
    contentFiles++;
  }
  for await (const f of mediaFiles(c)) await fi.file(f.path, f.bytes);
  const revision = new Map<number, number>();
  const r = rng(2026);
  const news = c.perCollection.news!;
  let historyOfItem = 1;
  for (let n = 1; n < commits; n++) {
    const ids = new Set<number>();
    for (let k = 1 + Math.floor(r() * 3); k > 0; k--) {
      const id = 2 + Math.floor(r() * (news - 1));
      if (!newsHasPicture(id)) ids.add(id);
    }
    if (n % 50 === 0) ids.add(1);
    if (!ids.size) ids.add(1);
    const first = [...ids][0]!;
    const rev = (id: number) => (revision.get(id) ?? 0) + 1;
    await fi.commit(
      EDITORS[n % EDITORS.length]!,
      start + n * 3600 * 61,
      `news: update ${first} "${newsItem(first, rev(first)).title}"${ids.size > 1 ? ` and ${ids.size - 1} more` : ''}`,
    );
    for (const id of ids) {
      revision.set(id, rev(id));
      if (id === 1) historyOfItem++;
      await fi.file(`content/news/${id}.md`, Buffer.from(newsFile(id, revision.get(id))));
    }
  }
  await fi.end();
  git(dir, 'reset', '-q', '--hard', 'main');
  return { contentFiles, historyOfItem };
}

/** The kept fixture for `items` (built now if missing: minutes at 100,000 items). */
export async function scaleFixture(items: number, commits = 1000): Promise<ScaleFixture> {
  const home = path.join(tmpdir(), 'cms-bench-scale', `v${FIXTURE_VERSION}-${items}-${commits}`);
  const about = path.join(home, 'fixture.json');
  if (existsSync(about)) return JSON.parse(readFileSync(about, 'utf8')) as ScaleFixture;
  const t0 = performance.now();
  const building = `${home}.building-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  const c = countsFor(items);
  console.log(`building the fixture for ${items.toLocaleString('en-US')} items (kept in ${home}) …`);
  const built = await build(path.join(building, 'site'), c, commits);
  const fixture: ScaleFixture = {
    ...c,
    site: path.join(home, 'site'),
    commits,
    historyOfItem: built.historyOfItem,
    contentFiles: built.contentFiles,
    buildSeconds: (performance.now() - t0) / 1000,
  };
  await writeFile(path.join(building, 'fixture.json'), JSON.stringify(fixture, null, 2));
  await rm(home, { recursive: true, force: true });
  await rename(building, home);
  console.log(`fixture built in ${fixture.buildSeconds.toFixed(0)} s`);
  return fixture;
}

/** A copy of the kept site in `dest` (a data folder's site/, or the git CLI's copy), git's index refreshed. */
export function copySite(fixture: ScaleFixture, dest: string): void {
  execFileSync('cp', ['-a', fixture.site, dest]);
  git(dest, 'update-index', '-q', '--really-refresh');
}

/** Bytes of a file, or 0 when it is missing. */
export const sizeOf = (file: string): number => (existsSync(file) ? statSync(file).size : 0);
