// Drafts: change sets kept as refs of the site repository (server/store/draftRefs.ts), saved into
// through the one change pipeline (a DraftTarget), seen through a DraftView of the live site, moved
// through review (editing → in review → changes requested / approved → published or discarded) and
// published as one merge commit. The live site never hears of a draft until it is published: draft
// saves are announced on this service's own feed, never on the content index's.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import path from 'node:path';
import type { Author, GitStore } from '../store/gitStore.ts';
import { writeFileDurable } from '../store/durable.ts';
import type { ContentIndex } from '../content/index/contentIndex.ts';
import type { ContentWriter, DraftTarget, ItemWarning } from '../content/writer/writer.ts';
import type { Actor as ContentActor, ContentChange } from '../content/changes.ts';
import type { DraftView, Picks } from '../content/drafts/draftView.ts';
import { DraftViews } from './draftViews.ts';
import { recordSave, recordStep } from './draftSteps.ts';
import { checkApproval, checkedComment, checkedPublishTime, checkedTitle } from './draftChecks.ts';
import { AppError } from '../schema/errors.ts';
import type { AuditAction } from '../schema/auditEvent.ts';
import { ACTION_FROM, type DraftAction } from '../schema/draftStates.ts';
import { DraftRecords, isOpen, type DraftRecord } from './draftRecords.ts';
import { calledOff, stepNotices, type DraftEvent, type DraftNotice } from './draftEvents.ts';
import { DraftSchedule, type AccountOf } from './draftSchedule.ts';
import { DraftMadeIds } from './draftMadeIds.ts';
import {
  auditWho,
  author,
  entitiesOf,
  newDraftId,
  PAST,
  person,
  publishMessage,
  STATE_WORDS,
  SYSTEM_EMAIL,
  type Actor,
} from './draftWords.ts';

export { DRAFT_ACTIONS, type DraftAction } from '../schema/draftStates.ts';

export type { Actor } from './draftWords.ts';
export type { DraftEvent, DraftNotice } from './draftEvents.ts';
export type { AccountOf } from './draftSchedule.ts';

const FROM = ACTION_FROM;

/** The settings file as written by setSettings; a setting missing from it keeps its default. */
const SETTINGS_FILE = z.object({ needsApproval: z.boolean().optional() });

export interface DraftSettings {
  /** Publishing (and scheduling) needs the approval of someone who is not one of the draft's authors. */
  needsApproval: boolean;
}

/** A published draft, with what the content checks told of the items it wrote (none refused it). */
export type Published = DraftRecord & { warnings: ItemWarning[] };

export class Drafts {
  private readonly records: DraftRecords;
  private readonly listeners = new Set<(event: DraftEvent) => void>();
  /** Each draft's view, made for its last commit and the live site as it was then. */
  private readonly views: DraftViews;
  /** Scheduled publishes; tests run the ones due with schedule.runDue() instead of waiting. */
  readonly schedule: DraftSchedule;
  private readonly madeIds: DraftMadeIds;
  private settingsNow: DraftSettings = { needsApproval: false };
  private readonly settingsFile: string;

  constructor(
    private readonly store: GitStore,
    private readonly index: ContentIndex,
    private readonly writer: ContentWriter,
    privateDir: string,
    private readonly log: (message: string) => void = console.warn,
    accountOf: AccountOf = () => undefined,
  ) {
    this.records = new DraftRecords(privateDir, log);
    this.schedule = new DraftSchedule({
      records: this.records,
      accountOf,
      publish: (id, who) => this.publish(id, who),
      changed: (id, failure) =>
        this.emit({
          id,
          kind: 'state',
          ...(failure
            ? { notices: [{ kind: 'schedule-cancelled', by: failure.by, note: failure.note }] }
            : {}),
        }),
      log,
    });
    this.views = new DraftViews(store, index);
    this.madeIds = new DraftMadeIds(this.records, store, (id) => this.tipOf(id));
    this.settingsFile = path.join(privateDir, 'draft-settings.json');
  }

  async start(): Promise<void> {
    await this.records.load();
    try {
      const kept = SETTINGS_FILE.parse(JSON.parse(await readFile(this.settingsFile, 'utf8')));
      this.settingsNow = { ...this.settingsNow, ...kept };
    } catch {
      // No settings yet: the defaults stand.
    }
    // A live change makes every draft's view stale (the merge with the live site may differ now).
    this.index.changes.on(() => {
      this.views.liveChanged();
      for (const record of this.records.all())
        if (isOpen(record.state)) this.emit({ id: record.id, kind: 'saved' });
    });
    this.writer.reserveIds((def) => this.madeIds.largest(def));
    // Refs of drafts that were closed while the server stopped before it could remove them.
    for (const record of this.records.all())
      if (!isOpen(record.state)) await this.removeRef(record.id, { name: 'Site CMS', email: SYSTEM_EMAIL });
    for (const record of this.records.all())
      if (record.publishAt && isOpen(record.state)) this.schedule.arm(record);
  }

  stop(): void {
    this.schedule.stop();
  }

  onChange(listener: (event: DraftEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: DraftEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (e) {
        this.log(`A listener of draft changes failed: ${(e as Error).message}`);
      }
    }
  }

  get settings(): DraftSettings {
    return { ...this.settingsNow };
  }

  async setSettings(next: DraftSettings): Promise<DraftSettings> {
    await writeFileDurable(this.settingsFile, `${JSON.stringify(next, null, 2)}\n`);
    this.settingsNow = { ...next };
    return this.settings;
  }

  list(): DraftRecord[] {
    return this.records.all().sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  /** A draft's record; 404 in plain words when there is none. */
  get(id: string): DraftRecord {
    const record = this.records.get(id);
    if (!record) throw new AppError(404, 'There is no such draft.');
    return record;
  }

  /** An open draft's record: a published or discarded draft cannot be changed (409). */
  private open(id: string): DraftRecord {
    const record = this.get(id);
    if (!isOpen(record.state))
      throw new AppError(409, `This draft was ${STATE_WORDS[record.state]}; it cannot be changed any more.`);
    return record;
  }

  async create(title: string, who: Actor): Promise<DraftRecord> {
    const clean = checkedTitle(title);
    const base = await this.store.head();
    if (!base) throw new AppError(409, 'The site has no saved version yet, so a draft cannot start from it.');
    const id = newDraftId();
    await this.store.drafts.create(id, base, author(who));
    const now = new Date().toISOString();
    const by = person(who);
    const made = await this.records.create({
      id,
      title: clean,
      state: 'editing',
      base,
      createdAt: now,
      createdBy: by,
      updatedAt: now,
      authors: [],
      events: [{ at: now, by, action: 'created' }],
      comments: [],
      shares: [],
    });
    this.emit({ id, kind: 'state', audit: { action: 'draft-create', ...auditWho(who), title: clean } });
    return made;
  }

  /** Where the pipeline saves for `who` into this draft (refused once it is published or discarded). */
  target(id: string, who: Actor): DraftTarget {
    this.open(id);
    return {
      id,
      open: async () => {
        this.open(id);
        const tip = await this.tipOf(id);
        const view = await this.views.at(id, this.get(id).base, tip);
        return {
          view,
          commit: (changes, by, message) =>
            this.store.drafts.commit(id, tip, changes, by, message, this.get(id).base),
          take: (commit) => entitiesOf(commit.paths),
          announce: (change) => {
            this.views.forget(id);
            return this.savedBy(id, who, change.kind === 'media' ? change : undefined);
          },
          reopen: () => this.view(id),
        };
      },
    };
  }

  /**
   * After a save into the draft: its author is known, and an approval no longer holds. A change to
   * the media library is in the audit log (the draft's other saves are, by its publish).
   */
  private async savedBy(
    id: string,
    who: Actor,
    media?: Extract<ContentChange, { kind: 'media' }>,
  ): Promise<void> {
    let notices: DraftNotice[] = [];
    try {
      const before = this.get(id);
      const after = await this.records.update(id, (r) => recordSave(r, person(who)));
      this.schedule.disarm(id);
      notices = calledOff(before, after);
    } catch (e) {
      this.log(`Could not record who saved into draft ${id}: ${(e as Error).message}`);
    }
    const audit = media && {
      action: `media-${media.op}` as const,
      who: who.username,
      title: this.get(id).title,
      detail: media.paths.join(', '),
      commit: media.commit.oid,
    };
    this.emit({ id, kind: 'saved', ...(audit ? { audit } : {}), ...(notices.length ? { notices } : {}) });
  }

  private async tipOf(id: string): Promise<string> {
    const tip = await this.store.drafts.tip(id);
    if (!tip) throw new AppError(409, 'This draft has lost its saved versions in the site repository.');
    return tip;
  }

  /** The site as it would look with the draft published. */
  async view(id: string): Promise<DraftView> {
    return this.views.at(id, this.get(id).base, await this.tipOf(id));
  }

  /** The key a draft's view is made for: previews made from it stay good while it is the same. */
  async viewKey(id: string): Promise<string> {
    return this.views.key(await this.tipOf(id));
  }

  /** Other open drafts changing any of the same files, by draft. */
  async overlapping(id: string): Promise<{ id: string; title: string; paths: string[] }[]> {
    const mine = new Set((await this.view(id)).files.map((f) => f.path));
    const out: { id: string; title: string; paths: string[] }[] = [];
    for (const other of this.records.all()) {
      if (other.id === id || !isOpen(other.state)) continue;
      const paths = (await this.view(other.id).catch(() => null))?.files
        .map((f) => f.path)
        .filter((p) => mine.has(p));
      if (paths?.length) out.push({ id: other.id, title: other.title, paths });
    }
    return out;
  }

  async act(
    id: string,
    action: DraftAction,
    who: Actor,
    body: { note?: string; at?: string; picks?: Picks } = {},
  ): Promise<DraftRecord | Published> {
    const record = this.open(id);
    if (!FROM[action].includes(record.state))
      throw new AppError(
        409,
        `This draft is ${STATE_WORDS[record.state]}, so it cannot be ${PAST[action]} now.`,
      );
    const by = person(who);
    const note = body.note?.trim() || undefined;
    if (
      action === 'approve' &&
      this.settingsNow.needsApproval &&
      record.authors.some((a) => a.username === by.username)
    )
      throw new AppError(403, 'Someone who did not write this draft has to approve it.');
    if (action === 'publish' || action === 'schedule') checkApproval(record, this.settingsNow);
    if (action === 'publish') return this.publish(id, who, body.picks);
    if (action === 'discard' || action === 'request-changes') this.schedule.disarm(id);
    let publishAt: string | undefined;
    if (action === 'schedule') {
      publishAt = checkedPublishTime(body.at);
    }
    const next = await this.records.update(id, (r) => recordStep(r, action, by, note, publishAt));
    if (action === 'discard') {
      this.views.forget(id);
      await this.removeRef(id, author(who));
    }
    if (publishAt) this.schedule.arm(next);
    const notices = stepNotices(action, by, note, record, next);
    this.emit({
      id,
      kind: 'state',
      ...(notices.length ? { notices } : {}),
      audit: {
        action: `draft-${action}`,
        ...auditWho(who),
        title: next.title,
        ...(publishAt ? { detail: `to publish at ${publishAt}` } : note ? { detail: note } : {}),
      },
    });
    return next;
  }

  /** With the approval setting on, only an approved draft (approved by a non-author) goes live. */
  private async publish(id: string, who: Actor, picks?: Picks): Promise<Published> {
    const record = this.get(id);
    const tip = await this.tipOf(id);
    const message = publishMessage(record);
    const actor: ContentActor = {
      name: who.name,
      email: who.email,
      username: who.username,
      ...(who.role ? { role: who.role } : {}),
      ...(who.address ? { address: who.address } : {}),
    };
    const done = await this.writer.run(actor, {
      kind: 'publish',
      draft: { id, title: record.title, base: record.base, tip },
      picks,
      message,
      // Asked again inside the save queue: the draft as it is at the moment it goes live.
      approval: () => {
        const now = this.open(id);
        checkApproval(now, this.settingsNow);
      },
    });
    this.schedule.disarm(id);
    const next = await this.records.update(id, (r) => {
      const at = new Date().toISOString();
      r.state = 'published';
      r.updatedAt = at;
      if (done.commit) r.publishedCommit = done.commit;
      delete r.publishAt;
      r.events.push({ at, by: person(who), action: 'published' });
      return r;
    });
    // The live branch's merge commit holds the draft's commits now: its ref can go (a crash before
    // this leaves it for the next start to remove, see start()).
    this.views.forget(id);
    await this.removeRef(id, author(who));
    this.emit({
      id,
      kind: 'state',
      notices: [{ kind: 'published', by: person(who) }],
      audit: {
        action: 'draft-publish',
        ...auditWho(who),
        title: next.title,
        ...(done.commit ? { commit: done.commit } : {}),
      },
    });
    return { ...next, warnings: done.warnings };
  }

  async comment(id: string, who: Actor, text: string): Promise<DraftRecord> {
    this.get(id);
    const clean = checkedComment(text);
    const next = await this.records.update(id, (r) => {
      const at = new Date().toISOString();
      r.comments.push({ at, by: person(who), text: clean });
      r.updatedAt = at;
      return r;
    });
    this.emit({ id, kind: 'comment', notices: [{ kind: 'comment', by: person(who), note: clean }] });
    return next;
  }

  /** Changes a draft's record for the share links (server/drafts/shareLinks.ts). */
  async updateRecord(
    id: string,
    change: (r: DraftRecord) => DraftRecord,
    audit: { action: AuditAction; who: string; detail?: string },
  ): Promise<DraftRecord> {
    const next = await this.records.update(id, change);
    this.emit({ id, kind: 'share', audit: { ...audit, title: next.title } });
    return next;
  }

  private async removeRef(id: string, who: Author): Promise<void> {
    await this.store.drafts.remove(id, who).catch((e: Error) => {
      this.log(`The closed draft ${id} keeps its ref for now (${e.message}); the next start removes it.`);
    });
  }
}
