// `npm run lint:changed`: ESLint over the files changed since the last commit (staged, unstaged and
// new), for the fast tier. Type-aware linting of the whole tree takes about a minute of CPU, most of
// the fast tier's budget on two cores; a change's own files are where its problems are. A change can
// still make an untouched file wrong (a type it uses changed): `npm test` and CI lint the whole tree.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const LINTED = /\.(ts|tsx|js|cjs|mjs)$/;
const git = (...args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);

const files = [
  ...new Set([...git('diff', '--name-only', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')]),
].filter((f) => LINTED.test(f) && existsSync(f));

if (!files.length) {
  console.log('lint:changed: no changed files to lint (npm run lint lints the whole tree)');
  process.exit(0);
}
console.log(`lint:changed: ${files.length} changed file(s)`);
const run = spawnSync('npx', ['eslint', '--no-warn-ignored', ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
