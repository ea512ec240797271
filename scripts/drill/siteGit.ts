// What the git CLI says about the site repository: fsck, status, files at HEAD, stray lock/temp files.
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { fieldText } from '../../server/schema/fieldText.ts';

const GIT_TIMEOUT_MS = 60_000;

interface GitRun {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs git in `dir`; never throws for a non-zero exit (callers judge it), only for a timeout. */
export function runGit(dir: string, args: string[], input?: string): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-C', dir, ...args], {
      env: { ...process.env, LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`git ${args.join(' ')} did not finish within ${GIT_TIMEOUT_MS} ms`));
    }, GIT_TIMEOUT_MS);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr });
    });
    child.stdin.end(input);
  });
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

// Dangling objects are normal after a kill; anything naming damage is not. Object ids are blanked
// first, since hex can spell "bad".
const FSCK_TROUBLE = /\b(error|fatal|bad|missing|broken|corrupt|invalid|garbage)\b/i;

/** `git fsck --full`: the exit code if non-zero, and every line naming a problem. */
export async function fsckProblems(site: string): Promise<string[]> {
  const r = await runGit(site, ['fsck', '--full']);
  const problems = lines(`${r.stdout.toString('utf8')}\n${r.stderr}`).filter(
    (l) => !l.startsWith('dangling ') && FSCK_TROUBLE.test(l.replace(/\b[0-9a-f]{40}\b/g, '')),
  );
  return r.code === 0 ? problems : [`git fsck exited with ${r.code}`, ...problems];
}

/** `git status --porcelain` with every untracked file listed; empty when work tree and index equal HEAD. */
export async function statusLines(site: string): Promise<string[]> {
  const r = await runGit(site, ['status', '--porcelain', '--untracked-files=all']);
  const out = lines(r.stdout.toString('utf8'));
  return r.code === 0 ? out : [`git status exited with ${r.code}: ${r.stderr.trim()}`, ...out];
}

/** Files as of HEAD (`git cat-file --batch`, one process for all); null where HEAD has no such file. */
export function readAtHead(site: string, paths: string[]): Promise<Map<string, string | null>> {
  return readAt(site, 'HEAD', paths);
}

/** Files as of a commit or ref (a draft's `refs/drafts/<id>`); null where it has no such file. */
export async function readAt(
  site: string,
  rev: string,
  paths: string[],
): Promise<Map<string, string | null>> {
  const bytes = await bytesAt(site, rev, paths);
  return new Map([...bytes].map(([p, b]) => [p, b === null ? null : b.toString('utf8')]));
}

/** Files' bytes as of a commit or ref (`git cat-file --batch`, one process for all); null where it has none. */
export async function bytesAt(
  site: string,
  rev: string,
  paths: string[],
): Promise<Map<string, Buffer | null>> {
  const found = new Map<string, Buffer | null>();
  if (paths.length === 0) return found;
  const r = await runGit(site, ['cat-file', '--batch'], paths.map((p) => `${rev}:${p}\n`).join(''));
  if (r.code !== 0) throw new Error(`git cat-file exited with ${r.code}: ${r.stderr.trim()}`);
  const out = r.stdout;
  let at = 0;
  for (const p of paths) {
    const eol = out.indexOf(0x0a, at);
    if (eol < 0) throw new Error(`git cat-file answered nothing for ${p}`);
    const header = out.toString('utf8', at, eol).split(' ');
    at = eol + 1;
    if (header.length !== 3) {
      found.set(p, null); // "<name> missing" or "<name> ambiguous"
      continue;
    }
    const size = Number(header[2]);
    found.set(p, Buffer.from(out.subarray(at, at + size)));
    at += size + 1;
  }
  return found;
}

/** A file in a tree: its blob id and size. */
export interface TreeFile {
  blob: string;
  size: number;
}

/** Every file under `folder` as of `rev` (path → blob and size); throws if `rev` cannot be read. */
export async function filesAt(site: string, rev: string, folder: string): Promise<Map<string, TreeFile>> {
  const r = await runGit(site, ['ls-tree', '-r', '-l', '-z', rev, '--', `${folder}/`]);
  if (r.code !== 0) throw new Error(`git ls-tree ${rev} exited with ${r.code}: ${r.stderr.trim()}`);
  const files = new Map<string, TreeFile>();
  for (const entry of r.stdout.toString('utf8').split('\0').filter(Boolean)) {
    // "<mode> blob <oid> <size>\t<path>"
    const tab = entry.indexOf('\t');
    const [, type, blob, size] = entry.slice(0, tab).split(/\s+/);
    if (type === 'blob') files.set(entry.slice(tab + 1), { blob: blob!, size: Number(size) });
  }
  return files;
}

/** A commit and the paths it changed (A added, M modified, D deleted). */
export interface CommitFiles {
  oid: string;
  subject: string;
  files: { status: string; path: string }[];
}

/**
 * The commits `rev` has and `from` has not, along the first parents (a draft's publish is one merge
 * commit, compared with main as it was), newest first, each with the paths it changed.
 */
export async function commitsSince(site: string, from: string, rev: string): Promise<CommitFiles[]> {
  const r = await runGit(site, [
    'log',
    '--first-parent',
    '--diff-merges=first-parent',
    '--no-renames',
    '--name-status',
    '-z',
    '--format=%x01%H%x00%s',
    `${from}..${rev}`,
  ]);
  if (r.code !== 0) throw new Error(`git log ${from}..${rev} exited with ${r.code}: ${r.stderr.trim()}`);
  return r.stdout
    .toString('utf8')
    .split('\x01')
    .filter(Boolean)
    .map((chunk) => {
      const [oid, subject, ...rest] = chunk.split('\0').map((f) => f.replace(/^\n+/, ''));
      const files: CommitFiles['files'] = [];
      for (let i = 0; i + 1 < rest.length; i += 2) files.push({ status: rest[i]!, path: rest[i + 1]! });
      return { oid: oid!, subject: subject!, files };
    });
}

export const NEWS_FOLDER = 'content/news';
export const newsPath = (id: string) => `${NEWS_FOLDER}/${id}.md`;

/** Every news item in HEAD as id → title (from its YAML front matter). Throws if HEAD is unreadable. */
export async function newsAtHead(site: string): Promise<Map<string, string>> {
  const r = await runGit(site, ['ls-tree', '--name-only', 'HEAD', `${NEWS_FOLDER}/`]);
  if (r.code !== 0) throw new Error(`git ls-tree HEAD exited with ${r.code}: ${r.stderr.trim()}`);
  const paths = lines(r.stdout.toString('utf8')).filter((p) => p.endsWith('.md'));
  const files = await readAtHead(site, paths);
  const items = new Map<string, string>();
  for (const p of paths) items.set(path.basename(p, '.md'), titleOf(files.get(p) ?? ''));
  return items;
}

function titleOf(file: string): string {
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(file);
  const data = m ? (yaml.load(m[1]!) as Record<string, unknown> | null) : null;
  return data?.title === undefined ? '(no title)' : fieldText(data.title);
}

/** Lock and temp files anywhere in the repository, .git included: what a killed save left behind. */
export async function leftovers(site: string): Promise<string[]> {
  const names = await readdir(site, { recursive: true });
  return names.filter((n) => /\.(lock|tmp)$/.test(n)).sort();
}
