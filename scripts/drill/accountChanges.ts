// Account changes in the crash drill: each round, inside the same kill window as the saves, an admin
// makes an invite, changes a colleague's role and removes the round's leaver, and the volunteer renames
// themselves in a new session (its sign-in is sent just before the window: see startVolunteerSignIn).
// The role change goes to another account than the sign-in: a new role ends the person's sessions, so
// on one account the new session would rightly stop working whenever the role change landed after it.
// Everything acknowledged must be there after the restart: the invite opens, the role and the name
// are kept, the new session still works, and the removed leaver is gone (not listed; their old session
// and their password refused). They are writes of private/ (users, sessions, one-time links), each
// replaced whole through a temporary file and a rename (users.json through its lock file,
// users.json.lock). With them, the admin marks the contact messages seen up to a time later each round
// (private/messages-seen.json, written the same way): after the restart the file holds that time or a
// later one.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SIGN_IN_LIMITS } from '../../server/http/auth/throttle.ts';
import { SiteClient } from './api.ts';
import { ADMIN } from './serverProcess.ts';
import { errorText } from './time.ts';

/** Signs in and renames themselves each round. */
export const VOLUNTEER = { username: 'drill-volunteer', password: 'drill-volunteer-password' };
/** Given another role each round (which ends their sessions: the drill checks none of theirs). */
export const COLLEAGUE = { username: 'drill-colleague', password: 'drill-colleague-password' };

/** The account changes' labels, in the order the report counts them. */
export const ACCOUNT_CHANGES = {
  invite: 'invite',
  role: "colleague's role",
  signIn: 'sign-in',
  rename: 'rename',
  seen: 'messages seen',
  noticesRead: 'notices marked read',
  removal: 'removal of the leaver',
} as const;

export interface AccountOutcome {
  label: string;
  acknowledged: boolean;
  /** After the restart: what is missing of this acknowledged change, or null when it is all there. */
  check: (admin: SiteClient) => Promise<string | null>;
}

interface Listed {
  username: string;
  role: string;
  name: string;
}

async function listed(admin: SiteClient): Promise<Listed[]> {
  const res = await admin.call('GET', '/api/users');
  if (res.status !== 200) throw new Error(`GET /api/users answered ${res.status}: ${res.text.slice(0, 200)}`);
  return (res.body as { users?: Listed[] } | null)?.users ?? [];
}

const accountOf = async (admin: SiteClient, username: string): Promise<Partial<Listed>> =>
  (await listed(admin)).find((u) => u.username.toLowerCase() === username.toLowerCase()) ?? {};

/** Joins through a new invite from the admin; answers the new person's browser, signed in. */
export async function join(
  admin: SiteClient,
  person: { username: string; password: string },
  name: string,
): Promise<SiteClient> {
  const invite = await admin.call('POST', '/api/users/invites', { role: 'contributor' });
  if (invite.status !== 201)
    throw new Error(
      `the invite for ${person.username} answered ${invite.status}: ${invite.text.slice(0, 200)}`,
    );
  const token = String((invite.body as { url?: string } | null)?.url ?? '')
    .split('/')
    .pop();
  const browser = new SiteClient(admin.url);
  const joined = await browser.call('POST', `/api/invites/${token}`, {
    ...person,
    name,
    email: `${person.username}@example.org`,
  });
  if (joined.status !== 201)
    throw new Error(`${person.username}'s invite answered ${joined.status}: ${joined.text.slice(0, 200)}`);
  return browser;
}

/** Makes the volunteer's and the colleague's accounts through invites, once (round 1), before any kill window. */
export async function ensureDrillAccounts(admin: SiteClient): Promise<void> {
  const there = new Set((await listed(admin)).map((u) => u.username.toLowerCase()));
  if (!there.has(VOLUNTEER.username)) await join(admin, VOLUNTEER, 'Drill Volunteer');
  if (!there.has(COLLEAGUE.username)) await join(admin, COLLEAGUE, 'Drill Colleague');
}

/** Someone who joins before the kill window, signed in (a session cookie), for the admin to remove in it. */
export interface Leaver {
  username: string;
  password: string;
  browser: SiteClient;
}

/** The round's leaver: a new account through an invite, signed in by accepting it. */
export async function makeLeaver(admin: SiteClient, round: number): Promise<Leaver> {
  const person = { username: `drill-leaver-${round}`, password: `drill-leaver-password-${round}` };
  const browser = await join(admin, person, `Drill Leaver ${round}`);
  // Their session works before the removal, so a 401 after it means the removal ended it.
  const own = await browser.call('GET', '/api/account');
  if (own.status !== 200) throw new Error(`${person.username}'s new session answers ${own.status}`);
  return { ...person, browser };
}

/**
 * The refused sign-ins the drill spends checking removed leavers' passwords. Each one counts against
 * the address in the server's sign-in throttle, which keeps its counts across restarts: at the limit
 * the admin's own sign-ins would be refused too. The drill spends at most half the allowance in the
 * throttle's window and leaves the rest for sign-ins a kill cut short before they were taken back.
 */
export class PasswordChecks {
  checked = 0;
  skipped = 0;
  private readonly spent: number[] = [];
  private readonly allowed = Math.floor(SIGN_IN_LIMITS.perAddress / 2);

  /** Whether one more refused sign-in may be spent now; counts it either way. */
  take(): boolean {
    const windowStart = Date.now() - SIGN_IN_LIMITS.windowSeconds * 1000;
    if (this.spent.filter((t) => t > windowStart).length >= this.allowed) {
      this.skipped++;
      return false;
    }
    this.spent.push(Date.now());
    this.checked++;
    return true;
  }
}

/** An account as private/users.json keeps it after the restart. */
async function keptUser(
  dataDir: string,
  username: string,
): Promise<{ notify?: { email?: Record<string, boolean> } } | undefined> {
  const users = JSON.parse(await readFile(path.join(dataDir, 'private', 'users.json'), 'utf8')) as {
    username: string;
    notify?: { email?: Record<string, boolean> };
  }[];
  return users.find((u) => u.username.toLowerCase() === username.toLowerCase());
}

/** The admin's "seen up to" time in the data directory's private/messages-seen.json, or null. */
async function seenUpTo(dataDir: string): Promise<string | null> {
  const text = await readFile(path.join(dataDir, 'private', 'messages-seen.json'), 'utf8');
  const seen = JSON.parse(text) as Record<string, string>;
  return seen[ADMIN.username.toLowerCase()] ?? null;
}

/** What is still there of a removed leaver after the restart, or null when they are all gone. */
async function leaverStillThere(
  admin: SiteClient,
  leaver: Leaver,
  passwords: PasswordChecks,
): Promise<string | null> {
  const found: string[] = [];
  if ((await accountOf(admin, leaver.username)).username !== undefined)
    found.push(`${leaver.username} is still listed`);
  const own = await leaver.browser.at(admin.url).call('GET', '/api/account');
  if (own.status !== 401) found.push(`their old session answers ${own.status}, not 401`);
  if (passwords.take()) {
    const signIn = await new SiteClient(admin.url).call('POST', '/api/login.php', {
      username: leaver.username,
      password: leaver.password,
    });
    if (signIn.status !== 401) found.push(`their password sign-in answers ${signIn.status}, not 401`);
  }
  return found.length ? found.join('; ') : null;
}

/** Settles with the change's outcome (never rejects): `send` answers the check, or null when refused. */
export async function outcome(
  label: string,
  send: () => Promise<AccountOutcome['check'] | null>,
): Promise<AccountOutcome> {
  try {
    const check = await send();
    return { label, acknowledged: check !== null, check: check ?? (() => Promise.resolve(null)) };
  } catch {
    return { label, acknowledged: false, check: () => Promise.resolve(null) }; // no answer before the kill
  }
}

/** The volunteer's sign-in under way: its outcome, and whether it answered 200 (false on no answer). */
export interface VolunteerSignIn {
  browser: SiteClient;
  outcome: Promise<AccountOutcome>;
  signedIn: Promise<boolean>;
}

/**
 * Sends the volunteer's sign-in. It is sent just before the kill window opens: its password check
 * (bcrypt) takes longer than most windows, so sent in the window it was almost never answered. Its
 * session is written near the window's start, among the other writes of private/, and the rename in
 * the window uses it. An acknowledged session must still work after the restart.
 */
export function startVolunteerSignIn(url: string): VolunteerSignIn {
  const browser = new SiteClient(url);
  const answer = browser.call('POST', '/api/login.php', VOLUNTEER);
  const signedIn = answer.then(
    (res) => res.status === 200,
    () => false,
  );
  return {
    browser,
    signedIn,
    outcome: outcome(ACCOUNT_CHANGES.signIn, async () => {
      if (!(await signedIn)) return null;
      return async (a) => {
        const account = await browser.at(a.url).call('GET', '/api/account');
        return account.status === 200
          ? null
          : `the acknowledged session answers ${account.status} after the restart`;
      };
    }),
  };
}

/** Sends this round's account changes; each settles with its outcome (never rejects). */
export function sendAccountChanges(
  admin: SiteClient,
  round: number,
  dataDir: string,
  leaver: Leaver | null,
  volunteer: VolunteerSignIn,
  passwords: PasswordChecks,
): Promise<AccountOutcome>[] {
  const role = round % 2 ? 'editor' : 'contributor';
  const name = `Drill Volunteer ${round}`;
  return [
    volunteer.outcome,
    outcome(ACCOUNT_CHANGES.invite, async () => {
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
    outcome(ACCOUNT_CHANGES.role, async () => {
      const res = await admin.call('PATCH', `/api/users/${COLLEAGUE.username}`, { role });
      if (res.status !== 200) return null;
      return async (a) => {
        const kept = (await accountOf(a, COLLEAGUE.username)).role;
        return kept === role ? null : `the acknowledged role ${role} is ${kept ?? 'gone'}`;
      };
    }),
    outcome(ACCOUNT_CHANGES.rename, async () => {
      // After the sign-in answered (it was sent before the window opened): its session renames, and
      // chooses whether comments come by email (users.json, as every account change).
      if (!(await volunteer.signedIn)) return null;
      const comments = round % 2 === 1;
      const res = await volunteer.browser.call('PATCH', '/api/account', {
        name,
        notify: { email: { comments } },
      });
      if (res.status !== 200) return null;
      return async (a) => {
        const kept = (await accountOf(a, VOLUNTEER.username)).name;
        if (kept !== name) return `the acknowledged name “${name}” is “${kept}”`;
        const chosen = (await keptUser(dataDir, VOLUNTEER.username))?.notify?.email?.comments;
        return chosen === comments ? null : `the acknowledged email choice comments=${comments} is ${chosen}`;
      };
    }),
    outcome(ACCOUNT_CHANGES.noticesRead, async () => {
      // Every notice the admin has is marked read (private/notifications.json, replaced whole): the
      // ones the answer lists must still be read after the restart (newer ones may have come since).
      const res = await admin.call('POST', '/api/notifications/read', { all: true });
      if (res.status !== 200) return null;
      const marked = ((res.body as { items?: { id: string }[] }).items ?? []).map((n) => n.id);
      return async (a) => {
        const now = await a.call('GET', '/api/notifications');
        const items = (now.body as { items?: { id: string; read: boolean }[] } | null)?.items ?? [];
        const unread = items.filter((n) => marked.includes(n.id) && !n.read);
        return unread.length ? `${unread.length} notice(s) marked read are unread again` : null;
      };
    }),
    outcome(ACCOUNT_CHANGES.seen, async () => {
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
    // Not acknowledged, either state is right: the leaver still there (with their session) or gone.
    ...(leaver
      ? [
          outcome(ACCOUNT_CHANGES.removal, async () => {
            const res = await admin.call('DELETE', `/api/users/${leaver.username}`);
            if (res.status !== 200) return null;
            return (a: SiteClient) => leaverStillThere(a, leaver, passwords);
          }),
        ]
      : []),
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
