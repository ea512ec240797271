// The admin's pure parts: every entity sits on one admin page of the spec, forms start from the
// declared initial values in wire form, and only changed fields are sent.
import { describe, expect, it } from 'vitest';
import { allEntities, entities } from '../../../server/schema/registry.ts';
import { changedValues, fieldsOf, initialWire, valuesFromWire } from './entityApi.ts';
import { extrasByEntity } from './extras/index.ts';
import { adminPages } from './pages.ts';

const SPEC_ROUTES = [
  '/EventsAdminPage', '/pdfPage', '/NewsAdminPage', '/BannerAdminPage', '/MajorEventsAdminPage', '/PolicyAdminPage',
  '/AboutUsAdminPage', '/DropDownEventsAdminPage', '/ResourcesAdminPage', '/SpotlightAdminPage', '/HomePageAdminPage',
  '/FooterAdminPage', '/StatePolicyAdminPage', '/MarkdownEditor',
];

describe('admin pages', () => {
  it('are the spec’s fourteen, in its order, plus Messages', () => {
    expect(adminPages.map((p) => p.route)).toEqual([...SPEC_ROUTES, '/MessagesAdminPage']);
  });

  it('show every entity on exactly one page, each with a description', () => {
    for (const def of allEntities) {
      expect(adminPages.filter((p) => p.sections.some((s) => s.def === def)), def.name).toHaveLength(1);
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
  it('a new item starts from the declared initial values, as the wire writes them', () => {
    expect(valuesFromWire(entities.majorEvent, undefined).hidden).toBe('1');
    expect(valuesFromWire(entities.eventCard, undefined)).toMatchObject({ is_full: '0', display_event: '2', news_type: '1', major_event_associated: 'None' });
    expect(valuesFromWire(entities.statePolicy, undefined).implementation).toBe('2');
    for (const def of allEntities) {
      for (const [key, field] of fieldsOf(def)) expect(typeof initialWire(field), `${def.name}.${key}`).toBe('string');
    }
  });

  it("reads papers' DD/MM/YYYY date into the date input's ISO", () => {
    const v = valuesFromWire(entities.paper, { id: '1', version: 'x', publicationDate: '05/03/2026', study_title: 'T' });
    expect(v.publication_date).toBe('2026-03-05');
    expect(v.study_title).toBe('T');
  });

  it('sends only what changed, never media paths', () => {
    const base = valuesFromWire(entities.news, { id: '1', version: 'v', title: 'A', link: '', what: 'x', when_date: '2026-01-01' });
    expect(changedValues(entities.news, { ...base, title: 'B' }, base)).toEqual({ title: 'B' });
    const spot = valuesFromWire(entities.spotlightSlide, undefined);
    expect(changedValues(entities.spotlightSlide, { ...spot, image: '/media/x.png' }, spot)).toEqual({});
  });
});
