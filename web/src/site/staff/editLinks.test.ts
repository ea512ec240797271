// The public pages' Edit links lead where each entity's declaration puts its admin page (the public
// bundle keeps its own small copy of those addresses, so this keeps the two the same).
import { describe, expect, it } from 'vitest';
import { entityByName } from '../../../../server/schema/registry.ts';
import { EDIT_PAGES, editHref, type EditableEntity } from './editLinks.ts';

describe('Edit links', () => {
  it('open each entity’s own admin page', () => {
    for (const [entity, route] of Object.entries(EDIT_PAGES))
      expect(`${entity} ${route}`).toBe(`${entity} ${entityByName.get(entity)?.admin.route}`);
  });

  it('open the item (by id) and, on a preview, the draft', () => {
    expect(editHref('news', '12')).toBe('/NewsAdminPage?news=12');
    expect(editHref('news', '12', 'abc123')).toBe('/NewsAdminPage?news=12&draft=abc123');
    expect(editHref('homePage' as EditableEntity)).toBe('/HomePageAdminPage');
    expect(editHref('policyText', undefined, 'abc123')).toBe('/PolicyAdminPage?draft=abc123');
  });
});
