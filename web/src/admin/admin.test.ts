// The admin's pure parts: every entity sits on one admin page of the spec, forms start from the
// declared initial values as stored values, only changed fields are sent, and list lines, orders and
// pages follow from the declarations.
import { describe, expect, it } from 'vitest';
import { allEntities, entities } from '../../../server/schema/registry.ts';
import { changedValues, formValues } from './entityApi.ts';
import { extrasByEntity } from './extras/index.ts';
import { adminPages } from './pages.ts';
import { firstPage, pageKey } from './liveData.ts';
import { pageWindow } from './sections/Pager.tsx';
import { rowSummary, sortChoices } from './sections/rows.ts';
import { isAdminPath } from '../../../server/schema/site/adminPaths.ts';

const SPEC_ROUTES = [
  '/EventsAdminPage',
  '/pdfPage',
  '/NewsAdminPage',
  '/BannerAdminPage',
  '/MajorEventsAdminPage',
  '/PolicyAdminPage',
  '/AboutUsAdminPage',
  '/DropDownEventsAdminPage',
  '/ResourcesAdminPage',
  '/SpotlightAdminPage',
  '/HomePageAdminPage',
  '/FooterAdminPage',
  '/StatePolicyAdminPage',
  '/MarkdownEditor',
];

describe('admin pages', () => {
  it('are the spec’s fourteen, in its order, plus Pages, Menus, the media library, Messages, the audit log, Drafts, Redirects, Languages, Translations, Accounts and Webhooks', () => {
    expect(adminPages.map((p) => p.route)).toEqual([
      ...SPEC_ROUTES,
      '/PagesAdminPage',
      '/NavigationAdminPage',
      '/MediaLibraryAdminPage',
      '/MessagesAdminPage',
      '/AuditLogAdminPage',
      '/admin/drafts',
      '/RedirectsAdminPage',
      '/LanguagesAdminPage',
      '/admin/translations',
      '/ContentChecksAdminPage',
      '/admin/accounts',
      '/admin/webhooks',
    ]);
  });

  it('name what their role needs: messages for editors, the audit log and accounts for admins', () => {
    const needs = Object.fromEntries(adminPages.filter((p) => p.needs).map((p) => [p.route, p.needs]));
    expect(needs).toEqual({
      '/MessagesAdminPage': 'messages',
      '/AuditLogAdminPage': 'auditLog',
      '/ContentChecksAdminPage': 'contentChecks',
      '/LanguagesAdminPage': 'siteSettings',
      '/admin/accounts': 'accounts',
      '/admin/webhooks': 'webhooks',
    });
  });

  it('are each an admin path, so the server sends the admin app there (not the public 404 page)', () => {
    for (const p of adminPages) expect(isAdminPath(p.route), p.route).toBe(true);
  });

  it('show every entity on exactly one page, each with a description', () => {
    for (const def of allEntities) {
      expect(
        adminPages.filter((p) => p.sections.some((s) => s.def === def)),
        def.name,
      ).toHaveLength(1);
    }
    for (const p of adminPages) expect(p.description, p.route).not.toBe('');
  });

  it('hide only fields that exist', () => {
    for (const [key, extras] of Object.entries(extrasByEntity)) {
      const def = entities[key as keyof typeof entities];
      for (const f of extras.hiddenFields ?? []) expect(Object.keys(def.fields), `${key}.${f}`).toContain(f);
    }
  });
});

describe('form values', () => {
  it('a new item starts from the declared initial values, as stored (never wire codes)', () => {
    expect(formValues(entities.majorEvent, undefined).hidden).toBe(true);
    expect(formValues(entities.eventCard, undefined)).toMatchObject({
      is_full: false,
      display_event: 'everywhere',
      news_type: 'event',
      major_event_associated: 'None',
    });
    expect(formValues(entities.statePolicy, undefined).implementation).toBe('in-progress');
  });

  it("reads papers' stored ISO date as the date input takes it", () => {
    const v = formValues(entities.paper, {
      id: '1',
      version: 'x',
      publication_date: '2026-03-05',
      study_title: 'T',
    });
    expect(v.publication_date).toBe('2026-03-05');
    expect(v.study_title).toBe('T');
  });

  it('sends only what changed, never media paths', () => {
    const base = formValues(entities.news, {
      id: '1',
      version: 'v',
      title: 'A',
      link: '',
      what: 'x',
      when_date: '2026-01-01',
    });
    expect(changedValues(entities.news, { ...base, title: 'B' }, base)).toEqual({ title: 'B' });
    const spot = formValues(entities.spotlightSlide, undefined);
    expect(changedValues(entities.spotlightSlide, { ...spot, image: '/media/x.png' }, spot)).toEqual({});
  });
});

describe('collection lists', () => {
  it('say what a line shows from the declaration: title, date, choices', () => {
    const card = {
      id: '7',
      version: 'v',
      title: 'Robotics night',
      start_date: '2027-05-07',
      is_full: true,
      display_event: 'everywhere',
      news_type: 'event',
    };
    expect(rowSummary(entities.eventCard, card)).toEqual({
      title: 'Robotics night',
      date: { iso: '2027-05-07', text: 'May 7, 2027' },
      marks: ['Event Full', 'Everywhere', 'Event'],
    });
    // An empty choice says nothing; no title falls back to the id.
    expect(
      rowSummary(entities.paper, { id: '3', version: 'v', study_title: '', publication_date: '2026-03-05' }),
    ).toEqual({ title: 'Item 3', date: { iso: '2026-03-05', text: 'Mar 5, 2026' }, marks: [] });
    expect(
      rowSummary(entities.majorEvent, {
        id: '1',
        version: 'v',
        header: 'Huddle',
        hidden: false,
        page_url: '',
      }).marks,
    ).toEqual(['Shown']);
  });

  it('offer the declared order, then each short field both ways, then the order of adding', () => {
    expect(sortChoices(entities.news).map((c) => c.label)).toEqual([
      'Default order (as on the site)',
      'Title, A to Z',
      'Title, Z to A',
      'Link, A to Z',
      'Link, Z to A',
      'Date, newest first',
      'Date, oldest first',
      'Last added first',
      'First added first',
    ]);
    expect(sortChoices(entities.profile).some((c) => c.sort === 'title' || c.sort === 'headshot')).toBe(
      false,
    );
  });

  it('ask the server for one page, naming only what differs from the first page', () => {
    expect(pageKey(entities.news, firstPage)).toBe('admin/items?entity=news&per=25');
    expect(pageKey(entities.news, { q: ' robotics  night ', sort: 'title', dir: 'desc', page: 3 })).toBe(
      'admin/items?entity=news&q=robotics++night&sort=title&dir=desc&page=3&per=25',
    );
  });

  it('number the pages around the current one, with the first and the last', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 401)).toEqual([1, 2, null, 401]);
    expect(pageWindow(200, 401)).toEqual([1, null, 199, 200, 201, null, 401]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});
