// "Show from" and "Show until": an entity that spreads these fields into its declaration is shown to
// visitors only inside that window. Whether an item is inside it at a moment, and when it next enters
// or leaves it, are read here from content and clock (pure: the admin list uses them too);
// server/schedule/scheduleClock.ts keeps the running site on time with them.
import type { EntityDef, Fields } from './define.ts';
import { datetime } from './dateFields.ts';

export const scheduleFields = () => ({
  show_from: datetime('Show from', {
    help: 'Site time. Visitors see it from this moment on. Leave empty to show it right away.',
  }),
  show_until: datetime('Show until', {
    help: 'Site time. Visitors no longer see it from this moment on. Leave empty to keep it up.',
    after: 'show_from',
  }),
});

export type ScheduleKey = keyof ReturnType<typeof scheduleFields>;

export type ScheduleState = 'scheduled' | 'showing' | 'expired';

const KEYS: readonly ScheduleKey[] = ['show_from', 'show_until'];

/** Whether the entity declares the schedule fields. */
export const isScheduled = (def: EntityDef): boolean =>
  KEYS.every((k) => (def.fields as Fields)[k]?.kind === 'datetime');

const instant = (v: unknown): number | null => {
  if (typeof v !== 'string' || v === '') return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : ms;
};

/** The item's window in ms; null ends are open. */
export function windowOf(data: Record<string, unknown>): { from: number | null; until: number | null } {
  return { from: instant(data.show_from), until: instant(data.show_until) };
}

/** Before "Show from": scheduled; from "Show until" on: expired; else showing (the window: [from, until)). */
export function scheduleState(def: EntityDef, data: Record<string, unknown>, now: number): ScheduleState {
  if (!isScheduled(def)) return 'showing';
  const { from, until } = windowOf(data);
  if (from !== null && now < from) return 'scheduled';
  if (until !== null && now >= until) return 'expired';
  return 'showing';
}

/** The item's window ends still ahead of `now`. */
export function boundariesAfter(data: Record<string, unknown>, now: number): number[] {
  const { from, until } = windowOf(data);
  return [from, until].filter((t): t is number => t !== null && t > now);
}
