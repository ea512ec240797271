// The work a server does after it listens, seen from outside: /api/health tells staff what is still
// being prepared and when it was done, and what it prepared is there once it says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../testing/testSite.ts';
import type { BackgroundState } from './backgroundWork.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.stop());

async function health(): Promise<{ background: BackgroundState }> {
  const res = await site.api('/api/health');
  return (await res.json()) as { background: BackgroundState };
}

describe('work after start', () => {
  it('is named on /api/health until done, then says when it was done', async () => {
    const seen = new Set<string>();
    let state = (await health()).background;
    const until = Date.now() + 20_000;
    while (!state.done && Date.now() < until) {
      for (const name of [state.running, ...state.waiting]) if (name) seen.add(name);
      await new Promise((go) => setTimeout(go, 150)); // apart enough that the work is not paced for them
      state = (await health()).background;
    }
    expect(state).toMatchObject({ done: true, running: null, waiting: [], failed: [] });
    expect(state.doneAfterMs).toBeGreaterThan(0);
    // Whatever of it was still under way when first asked was named in plain words.
    for (const name of seen) expect(name).toMatch(/^the |^pictures|^old /);
  });

  it('leaves the search index ready', async () => {
    expect(site.deps.search.isReady).toBe(true);
    const res = await site.api('/api/search?q=computer');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ready: true });
  });
});
