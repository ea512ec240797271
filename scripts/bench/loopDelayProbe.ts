// The event-loop delay of a benchmark's server, read from outside: a small module loaded into the
// server with --import watches it (perf_hooks monitorEventLoopDelay) and writes it to a file when the
// benchmark signals the server.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Loaded into the built server with --import (BENCH_NODE_ARGS, scripts/drill/serverProcess.ts): its
 * event loop's delay (perf_hooks monitorEventLoopDelay, 10 ms resolution), written to BENCH_LOOP_FILE
 * and reset on SIGUSR2. No server code knows of it.
 */
const LOOP_PROBE = `
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => ns / 1e6;
  writeFileSync(process.env.BENCH_LOOP_FILE, JSON.stringify({ p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) }));
  loop.reset();
});
`;

/** Writes LOOP_PROBE into `dir` and has the next server started with BENCH_NODE_ARGS load it. */
export async function installLoopProbe(dir: string): Promise<void> {
  const probe = path.join(dir, 'loop-probe.mjs');
  await writeFile(probe, LOOP_PROBE);
  process.env.BENCH_LOOP_FILE = path.join(dir, 'loop.json');
  process.env.BENCH_NODE_ARGS = `${process.env.BENCH_NODE_ARGS ?? ''} --import ${probe}`;
}

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/** Server `pid`'s event-loop delay in ms since the last ask (it is reset on each), or null when
 *  installLoopProbe was not called. */
export function loopDelay(pid: number) {
  const file = process.env.BENCH_LOOP_FILE;
  const ask = async (): Promise<LoopDelay | null> => {
    if (!file) return null;
    await rm(file, { force: true });
    process.kill(pid, 'SIGUSR2');
    for (let i = 0; i < 600; i++) {
      const text = await readFile(file, 'utf8').catch(() => '');
      if (text) return JSON.parse(text) as LoopDelay;
      await new Promise((done) => setTimeout(done, 50));
    }
    return null;
  };
  return { reset: ask, read: ask };
}
