// The crash drill as a test: the real server, SIGKILLed during concurrent saves, must restart with every
// acknowledged save in HEAD and a clean repository, and take the next save without a person's help.
import { expect, it } from 'vitest';
import { runCrashDrill } from './crashDrill.ts';
import { formatDetails } from './report.ts';

const ROUNDS = 10;

it(
  `survives ${ROUNDS} kills during concurrent saves with nothing lost and nothing to repair`,
  async () => {
    const report = await runCrashDrill({ rounds: ROUNDS, log: (line) => console.log(line) });
    // The first few failing rounds; the server's stack lines are reworded so vitest does not take them for
    // the test's own stack.
    const details = report.rounds
      .filter((r) => formatDetails(r).length > 0)
      .slice(0, 3)
      .flatMap(formatDetails)
      .join('\n')
      .replace(/^(\s*)at /gm, '$1from ');
    expect(report.aborted, details).toBeUndefined();
    expect(report.totals.acknowledged, 'no save was acknowledged: the drill tested nothing').toBeGreaterThan(
      0,
    );
    expect(report.totals.accountAcknowledged, 'no account change was acknowledged').toBeGreaterThan(0);
    // Every round's five media changes were judged, landed or not.
    expect(report.totals.mediaLanded + report.totals.mediaNotLanded, details).toBe(ROUNDS * 5);
    // And its five content changes: a page made, one renamed (with its sub-page and redirects), the
    // menus, a page's Spanish title (its translation file) and a spreadsheet import of two news items.
    expect(report.totals.pagesLanded + report.totals.pagesNotLanded, details).toBe(ROUNDS * 5);
    expect(report.totals, `repeat with: npm run drill:crash -- --seed ${report.seed}\n${details}`).toEqual({
      rounds: ROUNDS,
      acknowledged: report.totals.acknowledged,
      lost: 0,
      accountAcknowledged: report.totals.accountAcknowledged,
      accountLost: 0,
      mediaLanded: report.totals.mediaLanded,
      mediaNotLanded: report.totals.mediaNotLanded,
      mediaAcknowledged: report.totals.mediaAcknowledged,
      mediaLost: 0,
      mediaProblem: 0,
      pagesLanded: report.totals.pagesLanded,
      pagesNotLanded: report.totals.pagesNotLanded,
      pagesAcknowledged: report.totals.pagesAcknowledged,
      pagesLost: 0,
      pagesProblem: 0,
      neededHuman: 0,
      fsckErrors: 0,
      dirtyStatus: 0,
      servedMismatch: 0,
      healthNotOk: 0,
    });
  },
  10 * 60_000,
);
