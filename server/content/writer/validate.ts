// The "validate" step of the one operation: every item a change writes is validated once against its
// declaration (the stored text is later written from the validated data, never parsed back); a save's
// `follow` rule writes the fields it derives, validated again; items the entity's `carry` rule takes
// along are added, validated the same way. A refusal is a 400 naming the field (a publish: the
// draft's file).
import { AppError } from '../../schema/errors.ts';
import { entityByName, itemPath } from '../../schema/registry.ts';
import { validateItem } from '../index/fileFormat.ts';
import type { Plan, PlannedItem } from './plan.ts';
import { ImportRefusedError, type ImportProblem } from './change.ts';
import { problemsOf } from './planImport.ts';

/** What validating added: the note about carried items, for the person's answer. */
export interface Validated {
  carried?: { def: PlannedItem['def']; ids: string[]; note: string }[];
}

/** What staff are told of the items a change took along. */
export const carriedNote = (carried: NonNullable<Validated['carried']>): string =>
  carried.map((c) => c.note).join(' ');

export function validatePlan(plan: Plan): Validated {
  // An import's items are each checked, and all their problems told together.
  const problems: ImportProblem[] = [...(plan.problems ?? [])];
  for (const item of plan.items) {
    if (item.data === null) continue;
    try {
      item.data = valid(plan, item, item.data);
      const followed = item.follows
        ? item.def.rules?.follow?.({ data: item.data, before: item.was })
        : undefined;
      if (followed && Object.keys(followed).length)
        item.data = valid(plan, item, { ...item.data, ...followed });
    } catch (e) {
      if (item.at === undefined || !(e instanceof AppError)) throw e;
      problems.push(...problemsOf(e, item.at, item));
    }
  }
  if (problems.length) throw new ImportRefusedError(problems.sort((a, b) => a.item - b.item));
  const carried: NonNullable<Validated['carried']> = [];
  for (const item of plan.items.filter((i) => i.primary && i.data !== null)) {
    const carries = item.def.rules?.carry?.({
      def: item.def,
      data: item.data!,
      before: item.was,
      id: item.id,
      items: plan.site,
      entity: (name) => entityByName.get(name),
    });
    for (const carry of carries ? [carries].flat() : []) {
      for (const other of carry.items) {
        const path = itemPath(carry.def, other.id);
        const before = plan.site.get(carry.def, other.id);
        const next: PlannedItem = {
          def: carry.def,
          id: other.id,
          path,
          before,
          was: before?.data,
          data: null,
          primary: false,
          follows: false,
        };
        next.data = valid(plan, next, other.data);
        plan.items.push(next);
      }
      carried.push({ def: carry.def, ids: carry.items.map((c) => c.id), note: carry.note });
    }
  }
  return carried.length ? { carried } : {};
}

function valid(plan: Plan, item: PlannedItem, data: Record<string, unknown>): Record<string, unknown> {
  const result = validateItem(item.def, data);
  const checked: Record<string, string> = {};
  for (const [key, check] of Object.entries(item.def.rules?.fieldChecks ?? {})) {
    const problem = check(data[key]);
    if (problem) checked[key] = problem;
  }
  if (result.ok && !Object.keys(checked).length) return result.data;
  if (result.ok) throw new AppError(400, Object.values(checked)[0]!, checked);
  // The schema's message first (a form's "Please fill all fields"), every field's own beside it.
  if (Object.keys(checked).length) throw new AppError(400, result.error, { ...checked, ...result.fields });
  if (plan.event === 'published')
    throw new AppError(400, `This draft cannot be published: ${result.error}`, result.fields ?? {});
  if (plan.action === 'bulk') throw new AppError(400, `${item.id}: ${result.error}`, result.fields);
  throw new AppError(400, result.error, result.fields);
}
