// Webhook changes in the crash drill: each round, inside the kill window, the admin adds a webhook
// (told of saves, publishes and deletes, so the round's saves also fill its outbox) and removes the
// oldest one there is. The hooks and their outbox are one file, private/webhooks.json, replaced whole
// through its lock file (webhooks.json.lock) and a rename. After the restart the file must read as a
// whole list: an acknowledged hook is listed with its address, an acknowledged removal is gone. The
// drill's server allows private addresses (serverProcess.ts): the hooks call a closed port on
// loopback, so every call fails and is queued again, more writes of the file in the window.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteClient } from './api.ts';
import { outcome, type AccountOutcome } from './accountChanges.ts';
import { errorText } from './time.ts';

export const WEBHOOK_CHANGES = { add: 'webhook added', remove: 'webhook removed' } as const;

interface Listed {
  id: string;
  url: string;
}

async function hooks(admin: SiteClient): Promise<Listed[]> {
  const res = await admin.call('GET', '/api/webhooks');
  if (res.status !== 200)
    throw new Error(`GET /api/webhooks answered ${res.status}: ${res.text.slice(0, 200)}`);
  return (res.body as { hooks?: Listed[] } | null)?.hooks ?? [];
}

/** What is wrong with private/webhooks.json as the restart left it, or null when it reads whole. */
async function fileProblem(dataDir: string): Promise<string | null> {
  try {
    const kept = JSON.parse(await readFile(path.join(dataDir, 'private', 'webhooks.json'), 'utf8')) as {
      hooks?: unknown;
    };
    return Array.isArray(kept.hooks) ? null : 'private/webhooks.json holds no list of hooks';
  } catch (e) {
    return `private/webhooks.json cannot be read after the restart: ${errorText(e)}`;
  }
}

/** Sends this round's webhook changes; each settles with its outcome (never rejects). */
export function sendWebhookChanges(
  admin: SiteClient,
  round: number,
  dataDir: string,
): Promise<AccountOutcome>[] {
  const url = `http://127.0.0.1:9/drill-round-${round}`;
  return [
    outcome(WEBHOOK_CHANGES.add, async () => {
      const res = await admin.call('POST', '/api/webhooks', {
        url,
        events: ['saved', 'published', 'deleted'],
      });
      if (res.status !== 201) return null;
      const id = String((res.body as { id?: string }).id);
      return async (a) => {
        const problem = await fileProblem(dataDir);
        if (problem) return problem;
        const kept = (await hooks(a)).find((h) => h.id === id);
        return kept?.url === url
          ? null
          : `the acknowledged webhook ${id} (${url}) is ${kept ? kept.url : 'gone'}`;
      };
    }),
    outcome(WEBHOOK_CHANGES.remove, async () => {
      const oldest = (await hooks(admin))[0];
      if (!oldest) return null;
      const res = await admin.call('DELETE', `/api/webhooks/${oldest.id}`);
      if (res.status !== 200) return null;
      return async (a) => {
        const problem = await fileProblem(dataDir);
        if (problem) return problem;
        return (await hooks(a)).some((h) => h.id === oldest.id)
          ? `the removed webhook ${oldest.id} is listed again`
          : null;
      };
    }),
  ];
}
