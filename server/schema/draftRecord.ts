// A draft's record — its title, where it stands in review, who wrote and approved it, its comments
// and share links — as the server keeps it (server/drafts/draftRecords.ts checks every file read and
// written with this schema) and as the admin reads it (draftForAdmin: share links without their hashes).
// Declared once here so the browser's type cannot drift from what the server writes.
import { z } from 'zod';
import { DRAFT_STATES } from './draftStates.ts';

export const draftPerson = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string().optional(),
});
export type Person = z.infer<typeof draftPerson>;

const scheduleEnded = z.object({
  at: z.string(),
  /** Who made the change that called it off. */
  by: draftPerson,
  reason: z.string(),
  /** The time it was to be published. */
  publishAt: z.string(),
  scheduledBy: draftPerson,
});
export type ScheduleEnded = z.infer<typeof scheduleEnded>;

const share = z.object({
  id: z.string(),
  /** sha256 of the link's secret: the secret itself is shown once and never kept. */
  hash: z.string(),
  expires: z.string(),
  createdAt: z.string(),
  createdBy: draftPerson,
  revokedAt: z.string().optional(),
});

export const draftRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  state: z.enum(DRAFT_STATES),
  /** The live commit the draft began on. */
  base: z.string(),
  createdAt: z.string(),
  createdBy: draftPerson,
  updatedAt: z.string(),
  /** Everyone who saved into the draft, first saver first. */
  authors: z.array(draftPerson),
  approvedBy: draftPerson.optional(),
  /** When the draft is to be published (ISO), while it waits for that time, and who chose it. */
  publishAt: z.string().optional(),
  scheduledBy: draftPerson.optional(),
  /** A scheduled publish called off by a change made after it (a save, changes asked for): why, for
   *  whoever scheduled it. Cleared when it is scheduled again. */
  scheduleEnded: scheduleEnded.optional(),
  publishedCommit: z.string().optional(),
  events: z.array(
    z.object({ at: z.string(), by: draftPerson, action: z.string(), note: z.string().optional() }),
  ),
  comments: z.array(z.object({ at: z.string(), by: draftPerson, text: z.string() })),
  shares: z.array(share),
});
/** A draft's record as kept in private/drafts/<id>.json. */
export type DraftRecord = z.infer<typeof draftRecordSchema>;

export { draftPicks, type Picks } from './conflictPicks.ts';

/** A share link as the admin sees it: without its hash. */
export type ShareView = Omit<z.infer<typeof share>, 'hash'>;
/** A draft's record as the admin reads it (the base commit is the server's business). */
export type DraftView = Omit<DraftRecord, 'shares' | 'base'> & { shares: ShareView[] };

/** What the server answers for a record: share links without their hashes. */
export function draftForAdmin(r: DraftRecord): DraftView & Pick<DraftRecord, 'base'> {
  return { ...r, shares: r.shares.map(({ hash: _hash, ...rest }) => rest) };
}
