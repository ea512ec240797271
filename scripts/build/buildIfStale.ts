// npm start: builds the web app and the server (npm run build) only when there is no build yet or a
// source changed since the last one, so a restart starts at once. What the last build was made from is
// kept in dist-server/ as a fingerprint of every source file's path, size and modification time: an
// edit, a new, deleted or moved file, or a checkout all change it. Prints one line either way.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What a build is made from (relative to the project folder); test files are not part of it. */
const SOURCES = [
  'web',
  'server',
  'scripts/build',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
const TESTS = /\.test\.tsx?$/;
const OUTPUTS = ['dist/index.html', 'dist-server/index.js'];
const STAMP = 'dist-server/build-sources.txt';

const root = process.cwd();

async function fingerprint(): Promise<string> {
  const lines: string[] = [];
  const visit = async (rel: string): Promise<void> => {
    const info = await stat(path.join(root, rel)).catch(() => null);
    if (!info) return;
    if (info.isDirectory()) {
      for (const name of await readdir(path.join(root, rel))) await visit(path.join(rel, name));
    } else if (!TESTS.test(rel)) {
      lines.push(`${rel}\t${info.size}\t${info.mtimeMs}`);
    }
  };
  for (const source of SOURCES) await visit(source);
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex');
}

const sources = await fingerprint(); // before the build: an edit made while it runs is built next time
const built = OUTPUTS.every((f) => existsSync(path.join(root, f)));
const recorded = await readFile(path.join(root, STAMP), 'utf8').catch(() => null);
if (built && recorded === sources) {
  console.log('Using the existing build (up to date)');
} else {
  const why = !built
    ? 'there is no build yet'
    : recorded === null
      ? 'the existing one does not record its sources'
      : 'the sources changed since the last build';
  console.log(`Building the web app and the server (${why}) …`);
  // Gone first: a build that fails half-way must not pass for an up-to-date one next time.
  await rm(path.join(root, STAMP), { force: true });
  const run = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  await writeFile(path.join(root, STAMP), sources);
}
