// The "guards" step of the one operation: every guard runs for every kind of change, over every item
// the change writes (carried items included), after validation and before anything is written. A
// guard refuses by throwing (nothing is written) or returns what it found that does not stop the
// change. guards.test.ts runs each guard against each kind of change.
import type { Fields } from '../../schema/define.ts';
import { AppError } from '../../schema/errors.ts';
import { authorize, type Asker } from '../../schema/roles.ts';
import { checkItem, refusals, warningsOf } from '../../schema/contentChecks.ts';
import { siteFactsOf } from '../../schema/siteAddresses.ts';
import { entityByName } from '../../schema/registry.ts';
import { isDiskFile } from '../../store/fileChange.ts';
import { FileInUseError, ImportRefusedError, MessagesFullError, type ItemWarning } from './change.ts';
import { problemsOf } from './planImport.ts';
import { isLibraryFile, mediaReferencesOf } from '../../schema/mediaLibrary.ts';
import { usesBesides, useViews } from '../media/mediaUseViews.ts';
import type { Plan, PlannedItem } from './plan.ts';

export interface Guard {
  name: GuardName;
  run(plan: Plan, asker: Asker): ItemWarning[] | void;
}

export const GUARD_NAMES = [
  'admin-only fields',
  'entity rules',
  'content checks',
  'approval',
  'room for messages',
  'files in use',
] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

/** A field that loads code on the public site (`onlyAdmins`) is set to a new value by admins only. */
const adminOnlyFields: Guard = {
  name: 'admin-only fields',
  run(plan, asker) {
    const adminOnly: { key: string; label: string }[] = [];
    for (const item of plan.items) {
      const fields = item.def.fields as Fields;
      const was = item.was ?? {};
      const now = item.data ?? {};
      for (const [key, field] of Object.entries(fields))
        if (field.onlyAdmins && JSON.stringify(now[key]) !== JSON.stringify(was[key]))
          if (!adminOnly.some((f) => f.key === key)) adminOnly.push({ key, label: field.label });
    }
    if (adminOnly.length) authorize(asker, { action: plan.action, intoDraft: plan.intoDraft, adminOnly });
  },
};

/** The entity's declared cross-item rule (a page address no other page holds), on each item asked for. */
const entityRules: Guard = {
  name: 'entity rules',
  run(plan) {
    for (const item of plan.items) {
      if (!item.primary || item.data === null) continue;
      const problems = item.def.rules?.check?.({
        def: item.def,
        data: item.data,
        before: item.was,
        id: item.id,
        items: plan.site,
        entity: (name) => entityByName.get(name),
      });
      if (problems) refuse(plan, item, problems);
    }
  },
};

/**
 * The content checks every entity gets by its fields' kinds (schema/contentChecks.ts), against the
 * site as the change leaves it: an image without a description refuses the change; the rest are told.
 */
const contentChecks: Guard = {
  name: 'content checks',
  run(plan) {
    const written = new Map(plan.files.map((c) => [c.path, isDiskFile(c) || c.data !== null]));
    const facts = siteFactsOf(
      plan.site,
      (rel) => written.get(rel) ?? plan.site.blobOf(rel) !== undefined,
      (rel) => !!plan.describes?.(rel),
    );
    const warnings: ItemWarning[] = [];
    for (const item of plan.items) {
      // What visitors read is checked; a visitor's own message, kept privately, is not.
      if (item.data === null || item.def.storage === 'private') continue;
      const findings = checkItem(item.def, item.data, facts);
      const refused = refusals(findings);
      if (refused) refuse(plan, item, refused);
      for (const w of warningsOf(findings)) warnings.push({ entity: item.def.name, id: item.id, ...w });
    }
    return warnings;
  },
};

/** A publish, now or at its scheduled time, goes ahead only with the approval the site asks for. */
const approval: Guard = {
  name: 'approval',
  run(plan) {
    plan.approval?.();
  },
};

/**
 * A visitor's message is kept only within the room set aside for messages (CMS_MESSAGES_MAX_MB):
 * many messages cannot fill the disk the site's saves need, and what is already kept stays.
 */
const messageRoom: Guard = {
  name: 'room for messages',
  run(plan) {
    const { room } = plan;
    if (room && room.bytes + room.adding > room.maxBytes) throw new MessagesFullError(room);
  },
};

/**
 * A file that items still use is never removed, whatever change removes it (a delete in the media
 * library, a draft's publish): its pages would show a broken image. The uses are those of the site
 * as the change leaves it: the items the change writes count as they will be.
 */
const filesInUse: Guard = {
  name: 'files in use',
  run(plan) {
    const writing = new Set(plan.items.map((i) => `${i.def.name}\n${i.id}`));
    for (const f of plan.files) {
      if (isDiskFile(f) || f.data !== null || !isLibraryFile(f.path)) continue;
      const uses = usesBesides(plan.site, f.path, writing);
      for (const item of plan.items)
        if (item.data)
          for (const r of mediaReferencesOf(item.def, item.data))
            if (r.path === f.path) uses.push({ entity: item.def.name, id: item.id, field: r.field });
      if (uses.length) throw new FileInUseError(f.path, useViews(plan.site, uses));
    }
  },
};

export const GUARDS: readonly Guard[] = [
  adminOnlyFields,
  entityRules,
  contentChecks,
  approval,
  messageRoom,
  filesInUse,
];

/** Runs every guard; returns what they found that does not stop the change. */
export function runGuards(plan: Plan, asker: Asker): ItemWarning[] {
  const warnings = GUARDS.flatMap((guard) => guard.run(plan, asker) ?? []);
  if (plan.problems?.length) throw new ImportRefusedError([...plan.problems].sort((a, b) => a.item - b.item));
  return warnings;
}

/**
 * A refusal by the item's fields: 400 beside the field for a change staff make to an item; a
 * draft's publish is a conflict with the live site (409), named by the draft's file.
 */
function refuse(plan: Plan, item: PlannedItem, problems: Record<string, string>): void {
  const problem = Object.values(problems)[0]!;
  // An import's item: its problems are told with every other item's, by its place (runGuards).
  if (item.at !== undefined && plan.problems) {
    plan.problems.push(...problemsOf(new AppError(400, problem, problems), item.at, item));
    return;
  }
  if (plan.event === 'published')
    throw new AppError(409, `This draft cannot be published as it is: ${problem}`, { [item.path]: problem });
  if (plan.action === 'bulk') throw new AppError(400, `${item.id}: ${problem}`, problems);
  throw new AppError(400, problem, problems);
}
