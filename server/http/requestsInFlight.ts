// The requests a server is still answering, so that a stop lets them finish before the services
// under them close: a save answered after its store, draft records or notices were closed would write
// into a folder already given up (and a test's clean-up races it).
import type { Server } from 'node:http';

export interface RequestsInFlight {
  /** Stops taking new connections and resolves once every request being answered has its answer
   *  sent or its connection gone, or after `limitMs`; then drops every connection left. */
  finish(limitMs?: number): Promise<void>;
}

export function requestsInFlight(server: Server): RequestsInFlight {
  let open = 0;
  let allDone: (() => void) | null = null;
  server.on('request', (_req, res) => {
    open++;
    res.once('close', () => {
      if (--open === 0) allDone?.();
    });
  });
  return {
    async finish(limitMs = 5000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (open > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => (allDone = resolve)),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs))),
        ]);
        clearTimeout(timer);
      }
      server.closeAllConnections();
      await closed;
    },
  };
}
