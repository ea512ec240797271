// Event cards: the event page association is a radio choice of None or an event page's header; the
// visitors' words follow the dates as staff type them, and staff are told when their own words
// disagree with the dates (the same module the server writes and reads the words with).
import { datesOf, whenDisagrees, whenText } from '../../../../server/schema/eventWhen.ts';
import { entities } from '../../../../server/schema/registry.ts';
import type { AdminItem } from '../api.ts';
import { textOf, type FormValues } from '../entityApi.ts';
import { listKey, useAdminApi } from '../liveData.ts';
import { RadioInput } from '../form/inputs.tsx';
import type { EntityExtras, FieldOptions } from './types.ts';

function useEventPageChoices(item: AdminItem | undefined): Record<string, FieldOptions> {
  const pages = useAdminApi<AdminItem[]>(listKey(entities.majorEvent)).data ?? [];
  const headers = pages.map((p) => p.header).filter((h): h is string => typeof h === 'string' && !!h);
  // A card may name a page that was renamed or deleted since: keep its value choosable.
  const current = item?.major_event_associated;
  if (typeof current === 'string' && current && current !== 'None' && !headers.includes(current))
    headers.push(current);
  return {
    major_event_associated: {
      options: [{ value: 'None', label: 'None' }, ...headers.map((h) => ({ value: h, label: h }))],
      input: { Input: RadioInput, group: true },
    },
  };
}

/** The words follow a change of dates when they were empty or the ones written for the dates before. */
export function followDates(next: FormValues, prev: FormValues): FormValues {
  const was = whenText(datesOf(prev));
  const now = whenText(datesOf(next));
  if (now === was) return next;
  const text = textOf(prev.when_date).trim();
  return text === '' || text === was ? { ...next, when_date: now } : next;
}

function dateWarnings(values: FormValues): Record<string, string> {
  const problem = whenDisagrees(values);
  return problem ? { when_date: problem } : {};
}

export const eventCardExtras: EntityExtras = {
  heading: 'Event cards',
  addLabel: 'Add a new event card',
  createdNotice: 'Submitted',
  useFieldOptions: useEventPageChoices,
  follow: followDates,
  warnings: dateWarnings,
};
