// The public pages' Edit links lead where each entity's declaration puts its admin page (the public
// bundle keeps its own small copy of those addresses, so this keeps the two the same).
import { describe, expect, it } from 'vitest';
import { allEntities, entityByName } from '../../../../server/schema/registry.ts';
import { EDIT_PAGES, editHref } from './editLinks.ts';

/** What no public page shows as an item of its own: visitors' messages, the site settings (the
 *  banner's Edit link opens the banner shown), the redirects, the languages (the switcher's list). */
const NOT_ON_PUBLIC_PAGES = ['messages', 'siteSettings', 'redirects', 'languages'];

describe('Edit links', () => {
  it('open each entity’s own admin page', () => {
    for (const [entity, route] of Object.entries(EDIT_PAGES))
      expect(`${entity} ${route}`).toBe(`${entity} ${entityByName.get(entity)?.admin.route}`);
  });

  it('exist for every entity the public pages show', () => {
    const shown = allEntities.map((e) => e.name).filter((name) => !NOT_ON_PUBLIC_PAGES.includes(name));
    expect(Object.keys(EDIT_PAGES).sort()).toEqual(shown.sort());
  });

  it('open the item (by id) and, on a preview, the draft', () => {
    expect(editHref('news', '12')).toBe('/NewsAdminPage?news=12');
    expect(editHref('news', '12', 'abc123')).toBe('/NewsAdminPage?news=12&draft=abc123');
    expect(editHref('homePage')).toBe('/HomePageAdminPage');
    expect(editHref('policyText', undefined, 'abc123')).toBe('/PolicyAdminPage?draft=abc123');
    expect(editHref('banners', '2', 'abc123')).toBe('/BannerAdminPage?banners=2&draft=abc123');
    expect(editHref('eventDropdowns', '3')).toBe('/DropDownEventsAdminPage?eventDropdowns=3');
    expect(editHref('footer')).toBe('/FooterAdminPage');
  });
});
