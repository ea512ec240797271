// Polling for a test: starts nothing, so any suite may use it (testSite.ts passes it on too).

/** Waits until `check` returns a truthy value, polling; throws after `ms`. */
export async function eventually<T>(check: () => Promise<T> | T, ms = 3000, what = 'condition'): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end)
      throw new Error(
        `Timed out waiting for ${what}${last ? `: ${last instanceof Error ? String(last) : JSON.stringify(last)}` : ''}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}
