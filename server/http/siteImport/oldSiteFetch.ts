// Reading from an old site that is not trusted: only its own address (redirects within it are
// followed, to another host never), answers and files cut off at their limits, and an answer that
// stops sending for `idleMs` given up. Each refusal says which address and why, in plain words.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';

export interface FetchLimits {
  /** No first byte of the answer, or no new byte, for this long: the answer is given up. */
  idleMs: number;
  /** The longest a whole answer may take. */
  totalMs: number;
}

export class OldSiteError extends Error {}

const MAX_REDIRECTS = 5;

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

/** The old site: one origin every address is read from. */
export class OldSite {
  readonly origin: string;

  constructor(
    from: string,
    private readonly limits: FetchLimits,
  ) {
    let url: URL;
    try {
      url = new URL(from);
    } catch {
      throw new OldSiteError(
        `"${from}" is not a web address. Give the old site's address, like https://old.example.org.`,
      );
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new OldSiteError(`"${from}" is not a web address (it must start with https:// or http://).`);
    this.origin = url.origin;
  }

  /** The address of `rel` (`/api/news.php`, `/media/x.jpg`) on the old site, or null when it is elsewhere. */
  address(rel: string): URL | null {
    let url: URL;
    try {
      url = new URL(rel, this.origin + '/');
    } catch {
      return null;
    }
    return url.origin === this.origin ? url : null;
  }

  /** The answer to a GET of `url` as bytes, at most `maxBytes` of them. */
  async bytes(url: URL, maxBytes: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    await this.read(url, maxBytes, (chunk) => {
      chunks.push(chunk);
    });
    return Buffer.concat(chunks);
  }

  /** The answer to a GET of `url` streamed into `file` (removed again on failure); its size. */
  async toFile(url: URL, maxBytes: number, file: string): Promise<number> {
    const out = createWriteStream(file, { mode: 0o600 });
    let size = 0;
    try {
      await this.read(url, maxBytes, async (chunk) => {
        size += chunk.length;
        if (!out.write(chunk)) await once(out, 'drain');
      });
      out.end();
      await once(out, 'finish');
      return size;
    } catch (e) {
      out.destroy();
      await rm(file, { force: true });
      throw e;
    }
  }

  private async read(
    url: URL,
    maxBytes: number,
    take: (chunk: Buffer) => void | Promise<void>,
  ): Promise<void> {
    const shown = url.pathname + url.search;
    const controller = new AbortController();
    let why = '';
    const giveUp = (reason: string) => {
      why = reason;
      controller.abort();
    };
    const total = setTimeout(
      () => giveUp(`it took longer than ${Math.round(this.limits.totalMs / 1000)} s`),
      this.limits.totalMs,
    );
    let idle = setTimeout(
      () => giveUp(`it sent nothing for ${Math.round(this.limits.idleMs / 1000)} s`),
      this.limits.idleMs,
    );
    const stillSending = () => {
      clearTimeout(idle);
      idle = setTimeout(
        () => giveUp(`it stopped sending for ${Math.round(this.limits.idleMs / 1000)} s`),
        this.limits.idleMs,
      );
    };
    try {
      let at = url;
      for (let hops = 0; ; hops++) {
        let answer: Response;
        try {
          answer = await fetch(at, { redirect: 'manual', signal: controller.signal });
        } catch (e) {
          throw new OldSiteError(
            `Could not read ${shown} from the old site: ${why || (e as Error & { cause?: Error }).cause?.message || (e as Error).message}.`,
          );
        }
        stillSending();
        if (answer.status >= 300 && answer.status < 400) {
          await answer.body?.cancel();
          const location = answer.headers.get('location');
          const next = location ? this.address(new URL(location, at).href) : null;
          if (!next)
            throw new OldSiteError(
              `The old site sent ${shown} on to ${location ?? 'nowhere'}, another site: the import reads only from ${this.origin}.`,
            );
          if (hops >= MAX_REDIRECTS) throw new OldSiteError(`The old site sent ${shown} on too many times.`);
          at = next;
          continue;
        }
        if (answer.status !== 200) {
          await answer.body?.cancel();
          throw new OldSiteError(`The old site answered ${shown} with status ${answer.status}.`, {
            cause: answer.status,
          });
        }
        const declared = Number(answer.headers.get('content-length') ?? NaN);
        if (declared > maxBytes) {
          await answer.body?.cancel();
          throw new OldSiteError(
            `${shown} is ${mb(declared)}, more than the ${mb(maxBytes)} the import takes.`,
          );
        }
        let received = 0;
        try {
          for await (const chunk of answer.body ?? []) {
            const bytes = Buffer.from(chunk as Uint8Array);
            received += bytes.length;
            if (received > maxBytes) {
              controller.abort();
              throw new OldSiteError(`${shown} is more than the ${mb(maxBytes)} the import takes.`);
            }
            stillSending();
            await take(bytes);
          }
        } catch (e) {
          if (e instanceof OldSiteError) throw e;
          throw new OldSiteError(
            `Could not read ${shown} from the old site: ${why || (e as Error).message}.`,
          );
        }
        return;
      }
    } finally {
      clearTimeout(total);
      clearTimeout(idle);
    }
  }
}

/** The status an old site answered with, when that was the failure (404: it has no such endpoint). */
export const statusOf = (e: unknown): number | undefined =>
  e instanceof OldSiteError && typeof e.cause === 'number' ? e.cause : undefined;
