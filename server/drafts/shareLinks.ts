// Share links: a reviewer without an account sees a draft's preview (and nothing else) at
// /share/<token>/<path> until the link expires or is revoked. Only the token's sha256 is kept, so
// the private folder never holds a working link; the token itself is shown once, to its maker.
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../schema/errors.ts';
import type { Actor, Drafts } from './drafts.ts';
import { isOpen } from './draftRecords.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SHARE_DAYS_DEFAULT = 7;
const SHARE_DAYS_MAX = 30;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface MadeShare {
  id: string;
  token: string;
  expires: string;
}

export async function makeShareLink(
  drafts: Drafts,
  draftId: string,
  who: Actor,
  days?: number,
): Promise<MadeShare> {
  const record = drafts.get(draftId);
  if (!isOpen(record.state)) throw new AppError(409, 'This draft is closed; there is nothing to share.');
  const span = days ?? SHARE_DAYS_DEFAULT;
  if (!Number.isInteger(span) || span < 1 || span > SHARE_DAYS_MAX)
    throw new AppError(400, `A link can last from 1 to ${SHARE_DAYS_MAX} days.`, { days: 'Out of range' });
  const token = randomBytes(24).toString('base64url');
  const hash = hashOf(token);
  const id = hash.slice(0, 12);
  const now = new Date();
  const expires = new Date(now.getTime() + span * DAY_MS).toISOString();
  await drafts.updateRecord(
    draftId,
    (r) => {
      const by = { username: who.username, name: who.name };
      r.shares.push({ id, hash, expires, createdAt: now.toISOString(), createdBy: by });
      r.events.push({
        at: now.toISOString(),
        by,
        action: 'made a share link',
        note: `until ${expires.slice(0, 10)}`,
      });
      return r;
    },
    { action: 'draft-share', who: who.username, detail: `link ${id}, until ${expires}` },
  );
  return { id, token, expires };
}

export async function revokeShareLink(
  drafts: Drafts,
  draftId: string,
  shareId: string,
  who: Actor,
): Promise<void> {
  const record = drafts.get(draftId);
  const share = record.shares.find((s) => s.id === shareId);
  if (!share) throw new AppError(404, 'There is no such share link.');
  if (share.revokedAt) return;
  await drafts.updateRecord(
    draftId,
    (r) => {
      const at = new Date().toISOString();
      const by = { username: who.username, name: who.name };
      r.shares = r.shares.map((s) => (s.id === shareId ? { ...s, revokedAt: at } : s));
      r.events.push({ at, by, action: 'revoked a share link' });
      return r;
    },
    { action: 'draft-share-revoke', who: who.username, detail: `link ${shareId}` },
  );
}

/** The open draft a share token shows, or null (unknown, expired, revoked, or the draft is closed). */
export function draftOfShare(drafts: Drafts, token: string): string | null {
  if (!TOKEN.test(token)) return null;
  const hash = hashOf(token);
  for (const record of drafts.list()) {
    const share = record.shares.find((s) => s.hash === hash);
    if (!share) continue;
    if (share.revokedAt || Date.parse(share.expires) <= Date.now() || !isOpen(record.state)) return null;
    return record.id;
  }
  return null;
}
