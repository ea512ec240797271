// Site settings: a newly selected banner must exist (or be 0, none). Only a change is checked: once
// the selected banner has been deleted, the other settings (banner on/off, dashboard) must still save.
import type { EntityRule } from './types.ts';
import { entities } from '../../schema/registry.ts';

export const siteSettingsRule: EntityRule = {
  check: ({ data, before, index }) => {
    const id = String(data.banner_to_show ?? '0');
    if (id === '0' || (before && String(before.banner_to_show ?? '0') === id)) return null;
    if (!/^\d+$/.test(id) || !index.get(entities.banner, id)) return { banner_to_show: `There is no banner with id ${id}.` };
    return null;
  },
};
