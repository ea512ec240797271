// The security headers every answer carries, from one helmet configuration: the Express app runs it
// as middleware, the fast read path sends what it sets (captured once, since nothing in it varies).
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** Pages set their own Content-Security-Policy (webApp.ts); COEP would block the dashboard's embed. */
const HELMET_OPTIONS = { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false } as const;

export const securityMiddleware = () => helmet(HELMET_OPTIONS);

/** Headers every API answer carries (errors too): data, never a page, so nothing in it may load or run. */
export const API_HEADERS: readonly [string, string][] = [
  ['Cache-Control', 'no-cache'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
];

let captured: readonly [string, string][] | undefined;

/** What the helmet middleware sets on an answer, in the order it sets them. */
export function securityHeaders(): readonly [string, string][] {
  if (captured) return captured;
  const set = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
    },
    getHeader: (name: string) => set.get(name.toLowerCase())?.[1],
  };
  let done = false;
  securityMiddleware()({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet failed', { cause: err });
    done = true;
  });
  // helmet's middleware is synchronous today; if a version ever is not, fail at start, not per request.
  if (!done) throw new Error('helmet did not finish synchronously, so its headers cannot be captured');
  captured = [...set.values()];
  return captured;
}
