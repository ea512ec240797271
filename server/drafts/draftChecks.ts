// What a draft's steps check of what they are sent and of the draft itself: its title, a comment, a
// publish time, and the approval the site asks for before a draft goes live (asked again by the one
// operation when it publishes, now or at its scheduled time).
import { AppError } from '../schema/errors.ts';
import type { DraftRecord } from './draftRecords.ts';

export function checkedTitle(title: string): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (!clean) throw new AppError(400, 'Give the draft a title.', { title: 'Required' });
  if (clean.length > 120)
    throw new AppError(400, 'The title is too long (120 characters at most).', { title: 'Too long' });
  return clean;
}

export function checkedComment(text: string): string {
  const clean = text.trim();
  if (!clean) throw new AppError(400, 'Write a comment first.', { text: 'Required' });
  if (clean.length > 5000)
    throw new AppError(400, 'The comment is too long (5,000 characters at most).', { text: 'Too long' });
  return clean;
}

/** A schedule's time as ISO; a minute's grace for a time chosen just now. */
export function checkedPublishTime(sent: string | undefined): string {
  const at = sent ? new Date(sent) : null;
  if (!at || Number.isNaN(at.getTime()))
    throw new AppError(400, 'Say when to publish the draft (a date and time).', {
      at: 'Missing or not a date',
    });
  if (at.getTime() < Date.now() - 60_000)
    throw new AppError(400, 'That time has passed. Choose a time in the future.', { at: 'In the past' });
  return at.toISOString();
}

/** With the approval setting on, only a draft approved by someone who did not write it goes live. */
export function checkApproval(record: DraftRecord, settings: { needsApproval: boolean }): void {
  if (!settings.needsApproval) return;
  if (record.state !== 'approved' || !record.approvedBy)
    throw new AppError(403, 'This site needs a draft to be approved before it is published.');
  const approver = record.approvedBy.username;
  if (record.authors.some((a) => a.username === approver))
    throw new AppError(403, 'Someone who did not write this draft has to approve it before it is published.');
}
