// Plain-text output of a drill run: one line per round, failure details, and the summary table.
import { ACCOUNT_CHANGES } from './accountChanges.ts';
import { MEDIA_CHANGES, type MediaKind } from './mediaChanges.ts';
import { PAGE_CHANGES, type PageKind } from './pageChanges.ts';
import { seconds } from './time.ts';
import { FAILURE_TOTALS, type DrillReport, type DrillTotals, type RoundResult } from './types.ts';

/** The good text, or the bad one marked ✗. */
const check = (ok: boolean, good: string, bad: string) => (ok ? good : `${bad} ✗`);

export function formatRound(r: RoundResult, of: number): string {
  const firstSave = `first save ${r.firstSave?.status ?? 'none'}`;
  return [
    `round ${String(r.round).padStart(String(of).length)}/${of}`,
    `killed at ${String(r.killAfterMs).padStart(3)} ms`,
    `${String(r.acknowledged).padStart(2)}/${r.saves.length} acknowledged`,
    r.restartMs === null ? check(false, '', 'no restart') : `restart ${seconds(r.restartMs)}`,
    // The kill can leave users.json's lock file: the first write after the restart waits for it to be old.
    `sign-in ${r.signInAfterRestartMs === null ? 'failed' : seconds(r.signInAfterRestartMs)}${r.usersLockLeft ? ' (users.json.lock left)' : ''}`,
    check(r.lost.length === 0, 'lost 0', `lost ${r.lost.length}`),
    check(
      r.accountLost.length === 0,
      `accounts ${r.accountAcknowledged}/${r.accountChanges} kept`,
      `accounts lost ${r.accountLost.length}`,
    ),
    mediaRound(r),
    pagesRound(r),
    check(r.firstSave?.acknowledged ?? false, firstSave, firstSave),
    check(r.neededHuman.length === 0, 'no human needed', 'needed a human'),
    check(r.healthProblem === null, 'health ok', 'health not ok'),
    check(r.fsckErrors.length === 0, 'fsck ok', `fsck ${r.fsckErrors.length} errors`),
    check(r.dirtyStatus.length === 0, 'status clean', `status ${r.dirtyStatus.length} dirty`),
    check(r.servedMismatches.length === 0, 'served = HEAD', 'served ≠ HEAD'),
  ].join(' · ');
}

/** Media changes landed of those sent, or how many were found wrong. */
function mediaRound(r: RoundResult): string {
  const wrong = r.media.filter((m) => m.problems.length > 0).length + r.mediaProblems.length;
  const landed = `media ${r.media.filter((m) => m.landed).length}/${r.media.length} landed (sent ${String(r.mediaLeadMs).padStart(3)} ms ahead)`;
  return check(wrong === 0, landed, `${landed}, ${wrong} wrong`);
}

/** Page and menu changes landed of those sent, or how many were found wrong. */
function pagesRound(r: RoundResult): string {
  const wrong = r.pages.filter((p) => p.problems.length > 0).length;
  const landed = `pages ${r.pages.filter((p) => p.landed).length}/${r.pages.length} landed`;
  return check(wrong === 0, landed, `${landed}, ${wrong} wrong`);
}

const MAX_ITEMS = 6;
const items = (title: string, list: string[]): string[] =>
  list.length === 0
    ? []
    : [
        `  ${title}:`,
        ...list.slice(0, MAX_ITEMS).map((l) => `    ${l.replace(/\n/g, '\n      ')}`),
        ...(list.length > MAX_ITEMS ? [`    … and ${list.length - MAX_ITEMS} more`] : []),
      ];

/** Why a round failed, for a developer; empty for a round that passed. */
export function formatDetails(r: RoundResult): string[] {
  const lines = [
    ...items(
      'lost saves',
      r.lost.map((l) => `${l.label} (${l.kind} of news ${l.id ?? '?'}): ${l.why}`),
    ),
    ...items('lost account changes', r.accountLost),
    ...items(
      'media changes',
      r.media
        .filter((m) => m.problems.length > 0)
        .map(
          (m) =>
            `${m.label} (${m.acknowledged ? 'acknowledged' : 'not acknowledged'}, ${m.landed ? 'landed' : 'not landed'}): ${m.problems.join('; ')}`,
        ),
    ),
    ...items('media library', r.mediaProblems),
    ...items(
      'page and menu changes',
      r.pages
        .filter((p) => p.problems.length > 0)
        .map(
          (p) =>
            `${p.label} (${p.acknowledged ? 'acknowledged' : 'not acknowledged'}, ${p.landed ? 'landed' : 'not landed'}): ${p.problems.join('; ')}`,
        ),
    ),
    ...items('needed a human', r.neededHuman),
    ...items('health', r.healthProblem ? [r.healthProblem] : []),
    ...items('git fsck', r.fsckErrors),
    ...items('git status --porcelain', r.dirtyStatus),
    ...items('served ≠ HEAD', r.servedMismatches),
  ];
  if (lines.length === 0) return [];
  return [`round ${r.round}:`, ...lines, ...items('lock/temp files after the restart', r.leftovers)];
}

/** Acknowledged saves into drafts, publishes of drafts, restores and deletes, across the run. */
function byKind(report: DrillReport): string {
  const acked = report.rounds.flatMap((r) => r.saves.filter((s) => s.acknowledged));
  const count = (kind: string) => acked.filter((s) => s.kind === kind).length;
  return `${count('draft-save')} / ${count('publish')} / ${count('restore')} / ${count('delete')}`;
}

/** Media changes across the run, per kind in MEDIA_CHANGES' order: landed / sent. */
function mediaByKind(report: DrillReport): string {
  const all = report.rounds.flatMap((r) => r.media);
  return (Object.keys(MEDIA_CHANGES) as MediaKind[])
    .map((kind) => {
      const sent = all.filter((m) => m.kind === kind);
      return `${sent.filter((m) => m.landed).length}/${sent.length}`;
    })
    .join(' · ');
}

/** Page and menu changes across the run, per kind in PAGE_CHANGES' order: landed / sent. */
function pagesByKind(report: DrillReport): string {
  const all = report.rounds.flatMap((r) => r.pages);
  return (Object.keys(PAGE_CHANGES) as PageKind[])
    .map((kind) => {
      const sent = all.filter((p) => p.kind === kind);
      return `${sent.filter((p) => p.landed).length}/${sent.length}`;
    })
    .join(' · ');
}

const medianAndMax = (median: number | null, max: number | null) =>
  median === null ? '—' : `${seconds(median)} / ${seconds(max ?? 0)}`;

export function formatSummary(report: DrillReport): string[] {
  const t = report.totals;
  const { firstStartMs, restartMedianMs, restartMaxMs, signInMedianMs, signInMaxMs } = report.timing;
  const ackedLabels = report.rounds.flatMap((r) => r.accountAcknowledgedLabels);
  const accountKinds = Object.values(ACCOUNT_CHANGES)
    .map((label) => ackedLabels.filter((l) => l === label).length)
    .join(' / ');
  const passwords = report.passwordChecks;
  const rows: [string, string][] = [
    ['rounds', String(t.rounds)],
    ['acknowledged saves', String(t.acknowledged)],
    ['  of them into drafts / publishes / restores / deletes', byKind(report)],
    ['lost saves', String(t.lost)],
    ['acknowledged account changes', String(t.accountAcknowledged)],
    [
      '  invites / roles / sign-ins / renames / seen marks / notices read / removals / tokens made / revoked',
      accountKinds,
    ],
    ['  removed people: password sign-ins tried / skipped', `${passwords.checked} / ${passwords.skipped}`],
    ['lost account changes', String(t.accountLost)],
    ['media changes landed / not landed', `${t.mediaLanded} / ${t.mediaNotLanded}`],
    ['  acknowledged', String(t.mediaAcknowledged)],
    ['  landed of sent: uploads · into drafts · descriptions · replaces · deletes', mediaByKind(report)],
    ['lost media changes', String(t.mediaLost)],
    ['rounds with a media change half there or served wrong', String(t.mediaProblem)],
    ['page and menu changes landed / not landed', `${t.pagesLanded} / ${t.pagesNotLanded}`],
    ['  acknowledged', String(t.pagesAcknowledged)],
    ['  landed of sent: pages made · renamed · menus saved · translated · imported', pagesByKind(report)],
    ['lost page and menu changes', String(t.pagesLost)],
    ['rounds with a page change half there or served wrong', String(t.pagesProblem)],
    ['rounds that needed a human', String(t.neededHuman)],
    ['rounds with fsck errors', String(t.fsckErrors)],
    ['rounds with dirty status', String(t.dirtyStatus)],
    ['rounds with served ≠ HEAD', String(t.servedMismatch)],
    ['rounds with health not ok', String(t.healthNotOk)],
    ['first start', seconds(firstStartMs)],
    ['restart (median / max)', medianAndMax(restartMedianMs, restartMaxMs)],
    ['rounds whose kill left users.json.lock', String(report.rounds.filter((r) => r.usersLockLeft).length)],
    ['first sign-in after restart (median / max)', medianAndMax(signInMedianMs, signInMaxMs)],
    ['seed', String(report.seed)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  const valueWidth = Math.max(...rows.map(([, v]) => v.length));
  const rule = `+-${'-'.repeat(width)}-+-${'-'.repeat(valueWidth)}-+`;
  return [
    rule,
    ...rows.map(([k, v]) => `| ${k.padEnd(width)} | ${v.padStart(valueWidth)} |`),
    rule,
    ...(report.aborted ? [`stopped early: ${report.aborted}`] : []),
  ];
}

/** The failure totals that are not zero (a run passes when this is empty and something was acknowledged). */
export function failures(report: DrillReport): string[] {
  return FAILURE_TOTALS.filter((k) => report.totals[k] > 0).map((k) => `${k}: ${report.totals[k]}`);
}

/** The run's totals from its rounds. */
export function totalsOf(rounds: RoundResult[]): DrillTotals {
  const sum = (f: (r: RoundResult) => number) => rounds.reduce((n, r) => n + f(r), 0);
  const count = (f: (r: RoundResult) => boolean) => rounds.filter(f).length;
  return {
    rounds: rounds.length,
    acknowledged: sum((r) => r.acknowledged),
    lost: sum((r) => r.lost.length),
    accountAcknowledged: sum((r) => r.accountAcknowledged),
    accountLost: sum((r) => r.accountLost.length),
    mediaLanded: sum((r) => r.media.filter((m) => m.landed).length),
    mediaNotLanded: sum((r) => r.media.filter((m) => !m.landed).length),
    mediaAcknowledged: sum((r) => r.media.filter((m) => m.acknowledged).length),
    mediaLost: sum((r) => r.media.filter((m) => m.acknowledged && !m.landed).length),
    mediaProblem: count((r) => r.mediaProblems.length > 0 || r.media.some((m) => m.problems.length > 0)),
    pagesLanded: sum((r) => r.pages.filter((p) => p.landed).length),
    pagesNotLanded: sum((r) => r.pages.filter((p) => !p.landed).length),
    pagesAcknowledged: sum((r) => r.pages.filter((p) => p.acknowledged).length),
    pagesLost: sum((r) => r.pages.filter((p) => p.acknowledged && !p.landed).length),
    pagesProblem: count((r) => r.pages.some((p) => p.problems.length > 0)),
    neededHuman: count((r) => r.neededHuman.length > 0),
    fsckErrors: count((r) => r.fsckErrors.length > 0),
    dirtyStatus: count((r) => r.dirtyStatus.length > 0),
    servedMismatch: count((r) => r.servedMismatches.length > 0),
    healthNotOk: count((r) => r.healthProblem !== null),
  };
}

export function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
