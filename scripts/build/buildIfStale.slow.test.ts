// npm start's build step on a small project of its own (its `npm run build` writes the two files a real
// build leaves, and counts its runs): it builds when there is no build, skips when nothing changed,
// and builds again after a source is edited, moved or deleted, after an output went missing, and
// after a build that failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const SCRIPT = path.join(import.meta.dirname, 'buildIfStale.ts');
const BUILD = `
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
appendFileSync('builds.log', 'built\\n');
if (process.env.FAIL_BUILD) process.exit(3);
mkdirSync('dist', { recursive: true });
mkdirSync('dist-server', { recursive: true });
writeFileSync('dist/index.html', '<!doctype html>');
writeFileSync('dist-server/index.js', '');
`;

let dir: string;
const file = (rel: string) => path.join(dir, rel);
const builds = () => readFileSync(file('builds.log'), 'utf8').split('\n').filter(Boolean).length;
const start = (env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), SCRIPT], {
    cwd: dir,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
const startOk = () => {
  const run = start();
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split('\n').find((l) => /^(Using|Building)/.test(l));
};
const UP_TO_DATE = 'Using the existing build (up to date)';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cms-build-if-stale-'));
  for (const d of ['web/src', 'server/http', 'scripts/build']) mkdirSync(file(d), { recursive: true });
  writeFileSync(
    file('package.json'),
    JSON.stringify({ type: 'module', scripts: { build: 'node build.mjs' } }),
  );
  writeFileSync(file('package-lock.json'), '{}');
  writeFileSync(file('vite.config.ts'), 'export default {};');
  writeFileSync(file('build.mjs'), BUILD);
  writeFileSync(file('builds.log'), '');
  writeFileSync(file('web/src/page.tsx'), 'export const page = 1;');
  writeFileSync(file('server/http/routes.ts'), 'export const routes = 1;');
  writeFileSync(file('server/http/routes.test.ts'), 'export {};');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('builds when there is no build yet, and not again while nothing changed', () => {
  expect(startOk()).toBe('Building the web app and the server (there is no build yet) …');
  expect(builds()).toBe(1);
  expect(startOk()).toBe(UP_TO_DATE);
  expect(startOk()).toBe(UP_TO_DATE);
  expect(builds()).toBe(1);
});

it('builds again after a source file is edited (its time moves), and only once', () => {
  const later = new Date(Date.now() + 5_000);
  utimesSync(file('web/src/page.tsx'), later, later);
  expect(startOk()).toBe('Building the web app and the server (the sources changed since the last build) …');
  expect(startOk()).toBe(UP_TO_DATE);
  expect(builds()).toBe(2);
});

it('builds again after a source file is moved (its time kept) or deleted, not after a test file changed', () => {
  renameSync(file('server/http/routes.ts'), file('server/http/paths.ts'));
  expect(startOk()).toMatch(/^Building/);
  rmSync(file('server/http/paths.ts'));
  expect(startOk()).toMatch(/^Building/);
  writeFileSync(file('server/http/routes.test.ts'), 'export const changed = 1;');
  expect(startOk()).toBe(UP_TO_DATE);
  expect(builds()).toBe(4);
});

it('builds again when an output is missing, or when the last build failed', () => {
  rmSync(file('dist/index.html'));
  expect(startOk()).toBe('Building the web app and the server (there is no build yet) …');
  writeFileSync(file('package-lock.json'), '{"lockfileVersion":3}');
  const failed = start({ FAIL_BUILD: '1' });
  expect(failed.status).not.toBe(0);
  expect(startOk()).toMatch(/^Building/);
  expect(startOk()).toBe(UP_TO_DATE);
  expect(builds()).toBe(7);
});
