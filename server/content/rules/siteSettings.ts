// Site settings: the selected banner must exist (or be 0, none).
import type { EntityRule } from './types.ts';
import { entities } from '../../schema/registry.ts';

export const siteSettingsRule: EntityRule = {
  check: ({ data, index }) => {
    const id = String(data.banner_to_show ?? '0');
    if (id === '0') return null;
    if (!/^\d+$/.test(id) || !index.get(entities.banner, id)) return { banner_to_show: `There is no banner with id ${id}.` };
    return null;
  },
};
