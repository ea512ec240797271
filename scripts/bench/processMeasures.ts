// Shared by the benchmarks that start the server as a process: the floor for loading a site (a plain
// node process reading every content file once), a process's resident memory, the first answer,
// waiting until a process has gone quiet, and the machine's load average.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { processCpu } from './fixtures.ts';

const PLAIN_READ = `
const fs = require('node:fs'); const path = require('node:path');
const t0 = performance.now();
let files = 0, bytes = 0;
const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) {
  const p = path.join(d, e.name);
  if (e.isDirectory()) walk(p); else { bytes += fs.readFileSync(p).length; files++; } } };
walk(process.argv[1]);
console.log(JSON.stringify({ ms: performance.now() - t0, files, bytes }));`;

/** A new node process that reads every file under `dir` once: the reading (ms) and the whole process. */
export function plainRead(dir: string): Promise<{ ms: number; total: number; files: number }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, ['-e', PLAIN_READ, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`plain read exited ${code}`));
      const r = JSON.parse(out) as { ms: number; files: number };
      resolve({ ms: r.ms, total: performance.now() - t, files: r.files });
    });
  });
}

/** Resident memory of a process, in MB (Linux /proc), 0 when it is gone. */
export function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** A process and its children (the server's PDF process), their resident memory together, in MB. */
export function rssOfTree(pid: number): number {
  let children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      children = children.concat(
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
  } catch {
    return rssOf(pid);
  }
  return rssOf(pid) + children.reduce((a, c) => a + rssOfTree(c), 0);
}

/** GET /api/footer.php once; its status. */
export async function firstAnswer(url: string): Promise<number> {
  const res = await fetch(`${url}/api/footer.php`);
  await res.arrayBuffer();
  return res.status;
}

/**
 * Waits until a process uses under 2 % of a core over half a second (at most `maxMs`); returns how
 * long that took, in ms.
 */
export async function quiet(pid: number, maxMs = 60_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const cpu0 = processCpu(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const used = processCpu(pid) - cpu0;
    if (!(used >= 10_000) || performance.now() - started > maxMs) return performance.now() - started;
  }
}

export const loadAverage = (): string => execFileSync('uptime', { encoding: 'utf8' }).trim();
