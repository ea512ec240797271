// How a translation's state is said to staff: a badge's words (never its colour alone), the
// summary line of the Translations page, and the list grouped by collection in registry order.
import { entityByName } from '../../../../server/schema/registry.ts';
import type { TranslationLine, TranslationState } from './translationsApi.ts';

export const STATE_WORDS: Record<TranslationState, string> = {
  missing: 'Missing',
  outdated: 'Out of date',
  current: 'Up to date',
};

/** "12 missing, 3 out of date, 40 up to date". */
export function summaryLine(lines: readonly TranslationLine[]): string {
  const count = (state: TranslationState) => lines.filter((l) => l.state === state).length;
  return (['missing', 'outdated', 'current'] as const)
    .map((s) => `${count(s)} ${STATE_WORDS[s].toLowerCase()}`)
    .join(', ');
}

export type StateFilter = 'all' | 'missing' | 'outdated';

export const FILTER_WORDS: Record<StateFilter, string> = {
  all: 'All',
  missing: 'Missing',
  outdated: 'Out of date',
};

export interface LineGroup {
  entity: string;
  /** The collection's name as the admin calls it ('News'). */
  label: string;
  lines: TranslationLine[];
}

/** The lines the filter keeps, by collection, in the order the server listed them. */
export function groupLines(lines: readonly TranslationLine[], filter: StateFilter): LineGroup[] {
  const groups = new Map<string, LineGroup>();
  for (const line of lines) {
    if (filter !== 'all' && line.state !== filter) continue;
    let group = groups.get(line.entity);
    if (!group) {
      group = { entity: line.entity, label: entityByName.get(line.entity)?.label ?? line.entity, lines: [] };
      groups.set(line.entity, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()];
}
