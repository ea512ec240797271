// The heap's growth, limited, keeps a process near what is live while it churns through objects that
// live long enough to be promoted (as a search's or a large list's do); left to V8, it grows far past.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const MODULE = new URL('./heapGrowth.ts', import.meta.url).href;

/** The peak heap (MB) of a node process holding about 100 MB live while it churns. */
async function peakHeapMb(limited: boolean): Promise<number> {
  const program = `
    if (${limited}) (await import(${JSON.stringify(MODULE)})).limitHeapGrowth();
    const live = [];
    for (let i = 0; i < 120; i++) live.push(Array.from({ length: 10000 }, (_, j) => ({ j, s: 'x' + j })));
    let peak = 0;
    const ring = new Array(200);
    for (let i = 0; i < 2500; i++) {
      ring[i % ring.length] = Array.from({ length: 2000 }, (_, j) => ({ j, i }));
      if (i % 20 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    console.log(Math.round(peak / 1048576));`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program]);
  return Number(stdout.trim());
}

describe('limitHeapGrowth', () => {
  it('keeps the heap well under where V8 lets it grow by itself', { timeout: 60_000 }, async () => {
    const [free, limited] = await Promise.all([peakHeapMb(false), peakHeapMb(true)]);
    expect(limited).toBeLessThan(free * 0.75);
  });
});
