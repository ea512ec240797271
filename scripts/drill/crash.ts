// npm run drill:crash -- --rounds 50 [--concurrency 20] [--seed 1] [--keep]
// Kills the real server during concurrent saves, account changes, media library changes and changes to
// staff's pages and the menus, restarts it, and checks nothing was lost or damaged. Exit code 1 when
// any round lost a save, an account change or a media or page change, left one half there (or served
// otherwise than git holds it), needed a human, or left fsck errors, a dirty status, served content
// other than HEAD or failing health; also when no save was acknowledged at all.
import { parseArgs } from 'node:util';
import { runCrashDrill } from './crashDrill.ts';
import { failures, formatDetails, formatSummary } from './report.ts';

function wholeNumber(name: string, value: string | undefined, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || (n === 0 && name !== 'seed')) {
    const kind = name === 'seed' ? 'non-negative' : 'positive';
    console.error(`--${name} must be a ${kind} whole number, not "${value}"`);
    process.exit(2);
  }
  return n;
}

const USAGE = 'usage: npm run drill:crash -- [--rounds 10] [--concurrency 20] [--seed N] [--keep]';

function options() {
  try {
    return parseArgs({
      options: {
        rounds: { type: 'string' },
        concurrency: { type: 'string' },
        seed: { type: 'string' },
        keep: { type: 'boolean', default: false },
      },
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const values = options();
const report = await runCrashDrill({
  rounds: wholeNumber('rounds', values.rounds, 10)!,
  concurrency: wholeNumber('concurrency', values.concurrency, 20),
  seed: wholeNumber('seed', values.seed),
  keep: values.keep,
  log: (line) => console.log(line),
});

const failed = report.rounds.flatMap(formatDetails);
if (failed.length) console.log(['', 'What went wrong:', ...failed].join('\n'));
console.log(['', ...formatSummary(report)].join('\n'));
const problems = failures(report);
if (report.totals.acknowledged === 0) problems.push('no save was acknowledged, so nothing was tested');
if (report.aborted) problems.push(report.aborted);
if (problems.length) {
  console.log(`\nFAILED (${problems.join('; ')}). Repeat this run with --seed ${report.seed}.`);
  process.exit(1);
}
console.log(
  '\nPASSED: every acknowledged save, account, media and page change survived, every media and page change was whole or left no trace, and every restart was clean.',
);
