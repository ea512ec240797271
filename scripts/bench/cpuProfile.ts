// Where a CPU profile's time went (tsx scripts/bench/cpuProfile.ts <file.cpuprofile> [top] [from-ms]
// [to-ms]: only that window after the process started, e.g. until its first answer): the
// functions with the most self time, and the source files with the most, from a profile written by
// `node --cpu-prof` (e.g. a benchmark's server with BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR").
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { table } from './fixtures.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/**
 * Self time (ms) per node id: each sample's following interval is charged to its node; only samples
 * from `from` to `to` ms after the profile's start count.
 */
function selfTimes(p: Profile, from: number, to: number): Map<number, number> {
  const self = new Map<number, number>();
  let at = 0;
  for (let i = 0; i < p.samples.length; i++) {
    at += (p.timeDeltas[i] ?? 0) / 1000;
    if (at < from || at > to) continue;
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(p.samples[i]!, (self.get(p.samples[i]!) ?? 0) + dt);
  }
  return self;
}

const maps = new Map<string, SourceMap | null>();

/** Where a bundled frame came from (the bundle's source map beside it): `server/….ts:line`, or null. */
function sourceOf(f: ProfileNode['callFrame']): string | null {
  if (!f.url.startsWith('file://')) return null;
  const file = fileURLToPath(f.url);
  if (!maps.has(file))
    maps.set(
      file,
      existsSync(`${file}.map`)
        ? new SourceMap(
            JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0],
          )
        : null,
    );
  const entry = maps.get(file)?.findEntry(f.lineNumber, f.columnNumber);
  if (!entry || !('originalSource' in entry)) return null;
  return `${entry.originalSource.replace(/^.*?\/(server|node_modules)\//, '$1/')}:${entry.originalLine + 1}`;
}

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '~/')
    .replace(/^.*\/(dist-server|server)\//, '$1/');

export function summarize(file: string, top = 25, from = 0, to = Infinity): string {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const self = selfTimes(p, from, to);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of p.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (!ms) continue;
    const f = node.callFrame;
    const mapped = sourceOf(f);
    const where = mapped ?? (f.url ? `${shortUrl(f.url)}:${f.lineNumber + 1}` : '');
    const name = `${f.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    const src = mapped?.replace(/:\d+$/, '') ?? (f.url ? shortUrl(f.url) : f.functionName || '(native)');
    byFile.set(src, (byFile.get(src) ?? 0) + ms);
  }
  const total = Math.min(to, (p.endTime - p.startTime) / 1000) - from;
  const rows = (m: Map<string, number>, head: string) =>
    table([
      [head, 'self ms', '%'],
      ...[...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([k, v]) => [k, v.toFixed(0), ((100 * v) / total).toFixed(1)]),
    ]);
  return [
    `${file}: ${total.toFixed(0)} ms profiled (from ${from} ms after its start)`,
    rows(byFunction, 'function (self time)'),
    '',
    rows(byFile, 'source file (self time)'),
  ].join('\n');
}

if (process.argv[1]?.endsWith('cpuProfile.ts')) {
  const [file, top, from, to] = process.argv.slice(2);
  if (!file)
    throw new Error('usage: tsx scripts/bench/cpuProfile.ts <file.cpuprofile> [top] [from-ms] [to-ms]');
  console.log(summarize(file, Number(top ?? 25), Number(from ?? 0), Number(to ?? Infinity)));
}
