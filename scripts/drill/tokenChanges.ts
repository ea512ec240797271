// Tokens for scripts in the crash drill: each round, inside the kill window, the admin makes a token
// and revokes the one made in an earlier round. Both rewrite private/api-tokens.json whole through its
// lock file (api-tokens.json.lock) and a rename. After the restart the file must read whole, an
// acknowledged new token must work and an acknowledged revoked one must be refused (401).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ACCOUNT_CHANGES, outcome, type AccountOutcome } from './accountChanges.ts';
import type { SiteClient } from './api.ts';
import { errorText } from './time.ts';

interface Made {
  id: string;
  token: string;
}

/** What a script's call with the token answers after the restart. */
const useToken = async (url: string, token: string): Promise<number> =>
  (
    await fetch(`${url}/api/drafts`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(15_000),
    })
  ).status;

/** Why private/api-tokens.json does not read whole, or null when it does. */
async function notWhole(dataDir: string): Promise<string | null> {
  try {
    const list: unknown = JSON.parse(
      await readFile(path.join(dataDir, 'private', 'api-tokens.json'), 'utf8'),
    );
    return Array.isArray(list) ? null : 'private/api-tokens.json is not a list';
  } catch (e) {
    return `private/api-tokens.json cannot be read after the restart: ${errorText(e)}`;
  }
}

export class DrillTokens {
  /** The latest token whose making was acknowledged: the next round revokes it. */
  private latest: Made | null = null;

  /** Sends this round's token changes; each settles with its outcome (never rejects). */
  send(admin: SiteClient, round: number, dataDir: string): Promise<AccountOutcome>[] {
    const previous = this.latest;
    const made = outcome(ACCOUNT_CHANGES.tokenMade, async () => {
      const res = await admin.call('POST', '/api/tokens', { name: `drill round ${round}`, role: 'editor' });
      if (res.status !== 201) return null;
      const token = res.body as unknown as Made;
      this.latest = token;
      return async (a) => {
        const damaged = await notWhole(dataDir);
        if (damaged) return damaged;
        const status = await useToken(a.url, token.token);
        return status === 200 ? null : `the acknowledged token answers ${status}`;
      };
    });
    if (!previous) return [made];
    // Not acknowledged (a 404: revoked before a kill cut its answer short), either state is right.
    const revoked = outcome(ACCOUNT_CHANGES.tokenRevoked, async () => {
      const res = await admin.call('DELETE', `/api/tokens/${previous.id}`);
      if (res.status !== 200) return null;
      return async (a) => {
        const damaged = await notWhole(dataDir);
        if (damaged) return damaged;
        const status = await useToken(a.url, previous.token);
        return status === 401 ? null : `the revoked token answers ${status}, not 401`;
      };
    });
    return [made, revoked];
  }
}
