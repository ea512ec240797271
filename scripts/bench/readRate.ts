// Shared by the read benchmarks: autocannon made light enough to measure a server that answers from
// memory, and one answer's rate from the CMS beside the node:http anchor serving the same bytes, in
// short runs that alternate between the two (a shared machine's other load falls on both).
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

/**
 * autocannon 9 appends every response body to a JS string (mcollina/autocannon#485, #362) for its
 * onResponse/expectBody hooks. For a compressed body that UTF-8 decoding of binary bytes costs more than
 * the servers' work, so the client becomes the bottleneck and both servers measure the same. Neither hook
 * is used here, so the accumulation is switched off; bytes are still counted by autocannon's byte counter.
 */
export function lightenAutocannon() {
  const require = createRequire(import.meta.url);
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody(data: unknown): void };
  };
  queue.prototype.addBody = () => undefined;
}

export interface PairedRate {
  cms: number;
  anchor: number;
  /** The mean of each run's p99, ms. */
  cmsP99: number;
  anchorP99: number;
  failures: number;
}

/**
 * `rounds` pairs of `seconds`-long autocannon runs of one path, CMS and anchor alternating which goes
 * first; requests per second over all runs of each.
 */
export async function pairedRate(
  cmsUrl: string,
  anchorUrl: string,
  path: string,
  options: { seconds: number; rounds: number; connections: number; headers: Record<string, string> },
): Promise<PairedRate> {
  const runs = { cms: [] as autocannon.Result[], anchor: [] as autocannon.Result[] };
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? (['cms', 'anchor'] as const) : (['anchor', 'cms'] as const);
    for (const who of order)
      runs[who].push(
        await autocannon({
          url: (who === 'cms' ? cmsUrl : anchorUrl) + path,
          connections: options.connections,
          duration: options.seconds,
          headers: options.headers,
        }),
      );
  }
  const rate = (rs: autocannon.Result[]) =>
    rs.reduce((a, r) => a + r.requests.total, 0) / rs.reduce((a, r) => a + r.duration, 0);
  const p99 = (rs: autocannon.Result[]) => rs.reduce((a, r) => a + r.latency.p99, 0) / rs.length;
  return {
    cms: rate(runs.cms),
    anchor: rate(runs.anchor),
    cmsP99: p99(runs.cms),
    anchorP99: p99(runs.anchor),
    failures: runs.cms.reduce((a, r) => a + r.errors + r.non2xx, 0),
  };
}
