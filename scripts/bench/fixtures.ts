// Shared by the benchmarks: deterministic, realistic news items and a description of the machine.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { serializeItem } from '../../server/content/index/fileFormat.ts';
import { entities } from '../../server/schema/registry.ts';
import { seededRng } from '../drill/rng.ts';

/** Small deterministic PRNG, so every run generates the same site. */
export const rng = seededRng;

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

const EVENTS = [
  'Summer symposium',
  'Teacher workshop',
  'Regional meetup',
  'AP CS Principles cohort',
  'Hackathon',
  'Policy briefing',
  'Coding camp',
  'Computer Science Education Week',
  'Advisory board meeting',
  'Grant round',
];
const VERBS = [
  'registration opens',
  'announces speakers',
  'moves online',
  'recap and slides',
  'seeks volunteers',
  'adds a second session',
  'results published',
  'call for proposals',
  'deadline extended',
  'welcomes new partners',
];
const PLACES = [
  'Springfield',
  'Riverside',
  'Lakeview',
  'the state capitol',
  'Franklin County',
  'Oak Ridge',
  'Cedar Falls',
  'Georgetown',
  'Madison',
  'Fairview',
];
const SENTENCES = [
  'Teachers from every region of the state are invited to take part, whatever their experience with computing.',
  'Sessions cover unplugged activities, block-based programming, and a first look at Python for middle grades.',
  'Substitute reimbursement is available for districts that cannot release teachers otherwise.',
  "Last year more than **300 educators** attended, and the feedback shaped this year's program.",
  'Lunch is provided; please tell us about dietary needs when you register.',
  'The state board adopted the updated computer science standards, and this event walks through what changed.',
  'Slides and recordings from every session will be posted on the resources page afterwards.',
  'Counselors and administrators are welcome too: one track focuses on scheduling and course pathways.',
  'Graduate credit is offered in partnership with the state university for those who complete all sessions.',
  'We thank our sponsors, whose support keeps the event free for public school teachers.',
  'Questions? Write to the program team and we will get back to you within two business days.',
  'Parking is free in the east lot; the venue is accessible and a quiet room is available.',
];

export interface NewsData {
  title: string;
  link: string;
  what: string;
  when_date: string;
}

/** A realistic news item: a title, sometimes a link, a markdown body of a few hundred bytes, an ISO date. */
export function newsItem(id: number, revision = 0): NewsData {
  const r = rng(id * 7919 + revision * 104729 + 1);
  const title = `${pick(r, EVENTS)} in ${pick(r, PLACES)} ${pick(r, VERBS)}${revision ? ` (update ${revision})` : ''}`;
  const paragraphs: string[] = [];
  const count = 2 + Math.floor(r() * 3);
  for (let p = 0; p < count; p++) {
    const n = 1 + Math.floor(r() * 2);
    paragraphs.push(Array.from({ length: n }, () => pick(r, SENTENCES)).join(' '));
  }
  if (r() < 0.3)
    paragraphs.push('- Morning: keynote and panels\n- Afternoon: hands-on labs\n- Evening: networking');
  const fixed = rng(id * 31 + 7); // date and link stay the same across revisions
  const year = 2015 + Math.floor(fixed() * 11);
  const month = 1 + Math.floor(fixed() * 12);
  const day = 1 + Math.floor(fixed() * 28);
  return {
    title,
    link: fixed() < 0.5 ? `https://example.org/news/${id}${revision ? `?v=${revision}` : ''}` : '',
    what: paragraphs.join('\n\n'),
    when_date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  };
}

/** The file content of a news item, exactly as the CMS stores it. */
export function newsFile(id: number, revision = 0): string {
  return serializeItem(entities.news, newsItem(id, revision) as unknown as Record<string, unknown>);
}

export function machine(): string {
  const cpus = os.cpus();
  return (
    `machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ` +
    `${os.type()} ${os.release()}, node ${process.version}`
  );
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** Prints rows as an aligned text table (first column left-aligned, the others right-aligned). */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r) =>
      r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '),
    )
    .join('\n');
}

const TICK_US = 1e6 / 100; // Linux USER_HZ

/** Busy CPU time of the whole machine so far, in µs (Linux /proc/stat), or null elsewhere. */
export function machineBusy(): number | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = f;
    return (user + nice + system + irq + softirq + steal) * TICK_US;
  } catch {
    return null;
  }
}

/** The fields of /proc/<pid>/stat after the process's name (the first is its state), or null. */
function procStat(pid: number | 'self'): number[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
  } catch {
    return null;
  }
}

/** CPU time (µs) of this process's children that have been waited for (Linux /proc/self/stat), or 0. */
export function waitedChildrenCpu(): number {
  const f = procStat('self');
  return f ? ((f[13] ?? 0) + (f[14] ?? 0)) * TICK_US : 0; // cutime, cstime (fields 16 and 17)
}

/** CPU time (µs) a process has used so far, all its threads (Linux /proc/<pid>/stat), or NaN. */
export function processCpu(pid: number): number {
  const f = procStat(pid);
  return f ? ((f[11] ?? 0) + (f[12] ?? 0)) * TICK_US : NaN; // utime, stime (fields 14 and 15)
}

/** Runs a benchmark's main and exits with its outcome (child servers and timers never keep it alive). */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (e: Error) => {
      console.error(e);
      process.exit(1);
    },
  );
}
