// Account changes in the crash drill: each round, inside the same kill window as the saves, an admin
// makes an invite and changes a volunteer's role, and the volunteer signs in (a new session) and renames
// themselves. Everything acknowledged must be there after the restart: the invite opens, the role and
// name are kept, the new session still works. They are writes of private/ (users, sessions, one-time
// links), each replaced whole through a temporary file and a rename. With them, the admin marks the
// contact messages seen up to a time later each round (private/messages-seen.json, written the same
// way): after the restart the file holds that time or a later one.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteClient } from './api.ts';
import { ADMIN } from './serverProcess.ts';
import { errorText } from './time.ts';

export const VOLUNTEER = { username: 'drill-volunteer', password: 'drill-volunteer-password' };

export interface AccountOutcome {
  label: string;
  acknowledged: boolean;
  /** After the restart: what is missing of this acknowledged change, or null when it is all there. */
  check: (admin: SiteClient) => Promise<string | null>;
}

/** Makes the volunteer's account through an invite, once (round 1), before any kill window. */
export async function ensureVolunteer(admin: SiteClient): Promise<void> {
  const users = await admin.call('GET', '/api/users');
  const list = (users.body as { users?: { username: string }[] } | null)?.users ?? [];
  if (list.some((u) => u.username === VOLUNTEER.username)) return;
  const invite = await admin.call('POST', '/api/users/invites', { role: 'contributor' });
  const token = String((invite.body as { url?: string } | null)?.url ?? '')
    .split('/')
    .pop();
  const joined = await new SiteClient(admin.url).call('POST', `/api/invites/${token}`, {
    ...VOLUNTEER,
    name: 'Drill Volunteer',
    email: 'volunteer@example.org',
  });
  if (joined.status !== 201)
    throw new Error(`the volunteer's invite answered ${joined.status}: ${joined.text.slice(0, 200)}`);
}

const roleOf = async (admin: SiteClient): Promise<{ role?: string; name?: string }> => {
  const res = await admin.call('GET', '/api/users');
  const list =
    (res.body as { users?: { username: string; role: string; name: string }[] } | null)?.users ?? [];
  return list.find((u) => u.username === VOLUNTEER.username) ?? {};
};

/** The admin's "seen up to" time in the data directory's private/messages-seen.json, or null. */
async function seenUpTo(dataDir: string): Promise<string | null> {
  const text = await readFile(path.join(dataDir, 'private', 'messages-seen.json'), 'utf8');
  const seen = JSON.parse(text) as Record<string, string>;
  return seen[ADMIN.username.toLowerCase()] ?? null;
}

/** Sends this round's account changes; each settles with its outcome (never rejects). */
export function sendAccountChanges(
  admin: SiteClient,
  round: number,
  dataDir: string,
): Promise<AccountOutcome>[] {
  const role = round % 2 ? 'editor' : 'contributor';
  const name = `Drill Volunteer ${round}`;
  const outcome = async (
    label: string,
    send: () => Promise<AccountOutcome['check'] | null>,
  ): Promise<AccountOutcome> => {
    try {
      const check = await send();
      return { label, acknowledged: check !== null, check: check ?? (() => Promise.resolve(null)) };
    } catch {
      return { label, acknowledged: false, check: () => Promise.resolve(null) }; // no answer before the kill
    }
  };
  const volunteer = new SiteClient(admin.url);
  return [
    outcome('invite', async () => {
      const res = await admin.call('POST', '/api/users/invites', { role: 'contributor' });
      if (res.status !== 201) return null;
      const token = String((res.body as { url?: string }).url ?? '')
        .split('/')
        .pop();
      return async (a) => {
        const open = await a.call('GET', `/api/invites/${token}`);
        return open.status === 200 ? null : `the acknowledged invite answers ${open.status}`;
      };
    }),
    outcome(`role → ${role}`, async () => {
      const res = await admin.call('PATCH', `/api/users/${VOLUNTEER.username}`, { role });
      if (res.status !== 200) return null;
      return async (a) => {
        const kept = (await roleOf(a)).role;
        return kept === role ? null : `the acknowledged role ${role} is ${kept ?? 'gone'}`;
      };
    }),
    outcome('sign-in and rename', async () => {
      const signIn = await volunteer.call('POST', '/api/login.php', VOLUNTEER);
      if (signIn.status !== 200) return null;
      const renamed = await volunteer.call('PATCH', '/api/account', { name });
      // The sign-in alone was acknowledged: its session must work; the name only if that was too.
      const nameKept = renamed.status === 200;
      return async (a) => {
        const account = await volunteer.at(a.url).call('GET', '/api/account');
        if (account.status !== 200)
          return `the acknowledged session answers ${account.status} after the restart`;
        const kept = (await roleOf(a)).name;
        return !nameKept || kept === name ? null : `the acknowledged name “${name}” is “${kept}”`;
      };
    }),
    outcome('messages seen', async () => {
      // A day later each round, always in the past: the mark only moves forward.
      const upTo = new Date(Date.UTC(2026, 0, round)).toISOString();
      const res = await admin.call('POST', '/api/messages/seen', { upTo });
      if (res.status !== 200) return null;
      return async () => {
        let kept: string | null;
        try {
          kept = await seenUpTo(dataDir);
        } catch (e) {
          return `private/messages-seen.json cannot be read after the restart: ${errorText(e)}`;
        }
        return kept && Date.parse(kept) >= Date.parse(upTo)
          ? null
          : `the acknowledged mark ${upTo} is ${kept ?? 'gone'}`;
      };
    }),
  ];
}

/** What is missing of the acknowledged account changes, each in plain words. */
export async function lostAccountChanges(admin: SiteClient, outcomes: AccountOutcome[]): Promise<string[]> {
  const lost: string[] = [];
  for (const o of outcomes.filter((x) => x.acknowledged)) {
    try {
      const missing = await o.check(admin);
      if (missing) lost.push(`${o.label}: ${missing}`);
    } catch (e) {
      lost.push(`${o.label}: could not be checked: ${errorText(e)}`);
    }
  }
  return lost;
}
