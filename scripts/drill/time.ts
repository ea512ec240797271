// Small helpers every drill step uses: sleeping, bounding a wait, and turning any error into one line.
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves like `promise`, or rejects after `ms` naming what was waited for. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** An error as one readable line, with the cause fetch hides behind "fetch failed". */
export function errorText(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? ((e.cause as NodeJS.ErrnoException).code ?? e.cause.message) : '';
  return cause ? `${e.message}: ${cause}` : e.message;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
