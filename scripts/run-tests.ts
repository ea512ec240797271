// Runs every vitest project and ends with one plain summary line ("vitest: N passed, N failed").
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

const report = 'test-results/vitest.json';
rmSync(report, { force: true });
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
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
process.exit(run.status ?? 1);
