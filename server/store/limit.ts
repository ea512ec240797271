// At most `n` tasks at a time: a save's concurrent writes overlap their flushes, but a commit of
// 10,000 files (a first start from a large starter site) must not open 20,000 files at once.
export function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** Shared by every file write of the store. */
export const fileWrites = limiter(64);
