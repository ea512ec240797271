// The two test commands. Each runs its checks and its vitest projects side by side (the checks take a
// few seconds of the cores the tests leave idle, instead of holding the tests back), prints what the
// checks found after the tests' own report, and ends with one plain summary line ("vitest: N passed,
// N failed, N skipped"). With arguments for vitest the checks run first, as they may pick a suite
// that measures time.
//
//   npm test            (tsx scripts/run-tests.ts)         every check and every vitest project
//   npm run test:fast   (tsx scripts/run-tests.ts --fast)  types, lint of the changed files, format, layers, and the unit
//                                                          and site projects: no build, browser, drill
//                                                          or timing
//
// Other arguments go to vitest (a file filter, `--project e2e`). A check that fails does not stop the
// run: a person sees every problem at once, and the exit code says whether all passed.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

// Each check is an npm script, run where package.json defines it.
// The fast tier lints the files a change touched (lint:changed); the full run lints every file.
const FAST_CHECKS = ['typecheck', 'lint:changed', 'format:check', 'check:layers'];
const ALL_CHECKS = ['typecheck', 'lint', 'format:check', 'check:layers', 'check-content'];
// `ssr` needs the built web app: a build takes longer than the whole fast tier should.
const FAST_PROJECTS = ['unit', 'site'];

const args = process.argv.slice(2);
const fast = args.includes('--fast');
const vitestArgs = args.filter((a) => a !== '--fast');
const defined = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
  .scripts;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

interface CheckResult {
  name: string;
  ok: boolean;
  output: string;
  took: string;
}

/** Runs one npm script with its output kept, so checks running side by side do not interleave. */
function runCheck(name: string): Promise<CheckResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ name, ok: code === 0, output, took: seconds(started) }));
  });
}

const started = performance.now();
const checks = (fast ? FAST_CHECKS : ALL_CHECKS).filter((name) => name in defined);
const checking = Promise.all(
  checks.map(async (name) => {
    const r = await runCheck(name);
    // One line as soon as it is known (among the tests' lines); what it printed comes after them.
    console.log(`── ${r.name}: ${r.ok ? 'ok' : 'FAILED'} in ${r.took}`);
    return r;
  }),
);

// The plain commands start with suites that measure no time: the checks are over long before any
// suite that does begins. A file filter or a chosen project may start with one: checks first.
if (vitestArgs.length > 0) await checking;

const report = 'test-results/vitest.json';
rmSync(report, { force: true });
const projects = fast && !vitestArgs.some((a) => a.startsWith('--project')) ? FAST_PROJECTS : [];
const vitestStarted = performance.now();
const vitest = spawn(
  'npx',
  [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
    ...vitestArgs,
  ],
  { stdio: 'inherit' },
);
const vitestStatus = await new Promise<number | null>((resolve) => vitest.on('close', resolve));
const vitestTook = seconds(vitestStarted);
const results = await checking;

for (const r of results.filter((r) => r.output.trim())) {
  console.log(`── ${r.name} (${r.ok ? 'ok' : 'FAILED'}):\n${r.output.trimEnd()}`);
}
const failedChecks = results.filter((r) => !r.ok).map((r) => r.name);
console.log(
  `checks: ${results.map((r) => `${r.name} ${r.ok ? 'ok' : 'FAILED'} (${r.took})`).join(', ')}; ` +
    `vitest ${vitestTook}; all ${seconds(started)}`,
);
try {
  const r = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  console.log(
    `vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`,
  );
} catch {
  console.log('vitest: no test report was written');
}
process.exit(failedChecks.length > 0 ? 1 : (vitestStatus ?? 1));
