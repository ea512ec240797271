// Event cards: the event page association is a radio choice of None or an event page's header.
import { entities } from '../../../../server/schema/registry.ts';
import type { AdminItem } from '../api.ts';
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

export const eventCardExtras: EntityExtras = {
  heading: 'Event cards',
  addLabel: 'Add a new event card',
  createdNotice: 'Submitted',
  useFieldOptions: useEventPageChoices,
};
