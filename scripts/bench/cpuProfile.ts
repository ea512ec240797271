// Where a CPU profile's time went (tsx scripts/bench/cpuProfile.ts <file.cpuprofile> [top]): the
// functions with the most self time, and the source files with the most, from a profile written by
// `node --cpu-prof` (e.g. a benchmark's server with BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR").
import { readFileSync } from 'node:fs';
import { table } from './fixtures.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Self time (ms) per node id: each sample's following interval is charged to its node. */
function selfTimes(p: Profile): Map<number, number> {
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(p.samples[i]!, (self.get(p.samples[i]!) ?? 0) + dt);
  }
  return self;
}

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '~/')
    .replace(/^.*\/(dist-server|server)\//, '$1/');

export function summarize(file: string, top = 25): string {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const self = selfTimes(p);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of p.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (!ms) continue;
    const f = node.callFrame;
    const where = f.url ? `${shortUrl(f.url)}:${f.lineNumber + 1}` : '';
    const name = `${f.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    const src = f.url ? shortUrl(f.url) : f.functionName || '(native)';
    byFile.set(src, (byFile.get(src) ?? 0) + ms);
  }
  const total = (p.endTime - p.startTime) / 1000;
  const rows = (m: Map<string, number>, head: string) =>
    table([
      [head, 'self ms', '%'],
      ...[...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([k, v]) => [k, v.toFixed(0), ((100 * v) / total).toFixed(1)]),
    ]);
  return [
    `${file}: ${total.toFixed(0)} ms profiled`,
    rows(byFunction, 'function (self time)'),
    '',
    rows(byFile, 'source file (self time)'),
  ].join('\n');
}

if (process.argv[1]?.endsWith('cpuProfile.ts')) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx scripts/bench/cpuProfile.ts <file.cpuprofile> [top]');
  console.log(summarize(file, Number(top ?? 25)));
}
