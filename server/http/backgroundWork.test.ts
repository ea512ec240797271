import { describe, expect, it } from 'vitest';
import { BackgroundWork, QUIET_MS, SHARE_WHILE_BUSY } from './backgroundWork.ts';

const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('background work after the server listens', () => {
  it('runs its tasks one at a time, in order, and says when all are done', async () => {
    const work = new BackgroundWork();
    const seen: string[] = [];
    expect(work.state().done).toBe(false);
    const first = work.add('first', async (turn) => {
      seen.push('first starts');
      await turn();
      expect(work.state()).toMatchObject({ running: 'first', waiting: ['second'], done: false });
      seen.push('first ends');
    });
    const second = work.add('second', async () => {
      seen.push('second');
      await Promise.resolve();
    });
    await Promise.all([first, second]);
    expect(seen).toEqual(['first starts', 'first ends', 'second']);
    const state = work.state();
    expect(state).toMatchObject({ done: true, running: null, waiting: [], failed: [] });
    expect(state.doneAfterMs).toBeGreaterThanOrEqual(0);
  });

  it('goes on after a task that fails, and names it', async () => {
    const work = new BackgroundWork();
    let after = false;
    void work.add('broken', () => Promise.reject(new Error('no disk')));
    await work.add('after', async () => {
      after = true;
      await Promise.resolve();
    });
    expect(after).toBe(true);
    expect(work.state()).toMatchObject({ done: true, failed: [{ task: 'broken', message: 'no disk' }] });
  });

  it('while requests come in, pauses after each slice so that it takes a small share of the time', async () => {
    const work = new BackgroundWork();
    let pause = 0;
    await work.add('slow', async (turn) => {
      await turn(); // a slice begins here
      spin(20);
      work.sawRequest(); // a request came in during the slice
      const t = performance.now();
      await turn();
      pause = performance.now() - t;
    });
    // 20 ms of work may be at most SHARE_WHILE_BUSY of the time: at least 20 × (1/share − 1) ms of pause.
    expect(pause).toBeGreaterThanOrEqual(20 * (1 / SHARE_WHILE_BUSY - 1) - 2);
  });

  it('runs flat out when no request came in lately', async () => {
    const work = new BackgroundWork();
    await new Promise((go) => setTimeout(go, QUIET_MS + 10)); // the start's own quiet time passes
    const order: string[] = [];
    await work.add('quick', async (turn) => {
      spin(20);
      const timer = new Promise<void>((go) => setTimeout(() => (order.push('timer'), go()), 15));
      await turn();
      order.push('turn');
      await timer;
    });
    expect(order).toEqual(['turn', 'timer']); // one turn of the loop, not a pause
  });

  it('starts nothing after it is closed', async () => {
    const work = new BackgroundWork();
    let ran = false;
    const running = work.add('running', (turn) => turn());
    const queued = work.add('queued', async () => {
      ran = true;
      await Promise.resolve();
    });
    await work.close();
    await Promise.all([running, queued]);
    expect(ran).toBe(false);
    expect(work.state().done).toBe(false);
  });
});
